export * from './chat-menu-state';
export * from './chat-texts';
export * from './notify-ops';
export * from './oa-ops';
export * from './rich-menus';
export * from './wizard';
