export * from './coupon-ops';
export * from './coupon-rules';
