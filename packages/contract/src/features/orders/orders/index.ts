export * from './date-rules';
export * from './order-messages';
export * from './order-status';
