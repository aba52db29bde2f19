export * from './check-order';
export * from './customer-app';
export * from './messages';
export * from './order-context';
export * from './order-settings';
export * from './order-switches';
export * from './pricing';
export * from './storefront-ops';
