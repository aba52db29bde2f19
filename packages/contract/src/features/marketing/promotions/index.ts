export * from './describe';
export * from './discount-engine';
export * from './promotion-formula';
export * from './promotion-model';
export * from './promotion-ops';
