export * from './export-columns';
export * from './sales-ops';
export * from './sales-rules';
