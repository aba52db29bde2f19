export * from './chat-texts';
export * from './notify-ops';
export * from './rich-menus';
