export * from './check-order';
export * from './messages';
export * from './order-context';
export * from './pricing';
export * from './storefront-ops';
export * from './customer-app';
