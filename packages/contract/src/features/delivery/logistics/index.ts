export * from './courier-account';
export * from './delivery-quote';
export * from './delivery-rules';
export * from './logistic-config';
export * from './logistic-ops';
export * from './logistic-recall';
