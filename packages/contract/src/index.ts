export * from './common/errors';
export * from './common/operation';
export * from './common/paging';
export * from './common/user-types';
export * from './session/session';
export * from './shops/shop-urls';
