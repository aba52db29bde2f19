export * from './dirty-scope';
export * from './EditableField';
export * from './SaveBar';
export * from './SavedSwitch';
export * from './use-close-guard';
export * from './use-dirty-field';
export * from './use-leave-guard';
