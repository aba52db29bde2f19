export * from './bank-ops';
export * from './bank-rules';
export * from './billing-ops';
export * from './ledger-ops';
export * from './ledger-rules';
