export * from './audit';
export * from './shops';
export * from './users';
