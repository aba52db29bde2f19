export * from './gaa-shops';
export * from './messages';
export * from './role-shops';
export * from './shop-query';
export * from './shop-writes';
export * from './tags';
