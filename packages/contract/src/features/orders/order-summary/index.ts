export * from './banned-list';
export * from './summary-orders';
