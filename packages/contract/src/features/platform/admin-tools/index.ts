export * from './printer-template';
export * from './tag-manager';
