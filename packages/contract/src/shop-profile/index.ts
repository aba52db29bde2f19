export * from './business-data';
export * from './business-fields';
export * from './messages';
export * from './payment-linkage';
export * from './shop-profile-ops';
export * from './taipei-time';
export * from './time-slots';
export * from './validate-business';
