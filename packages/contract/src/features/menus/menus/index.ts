export * from './menu-bulk';
export * from './menu-classes';
export * from './menu-model';
export * from './menu-options';
export * from './menu-products';
export * from './menu-read';
