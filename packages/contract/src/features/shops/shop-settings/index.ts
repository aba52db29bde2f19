export * from './messages';
export * from './notices';
export * from './setting-fields';
export * from './settings-catalog';
export * from './settings-load';
export * from './settings-record';
export * from './settings-save';
export * from './settings-search';
