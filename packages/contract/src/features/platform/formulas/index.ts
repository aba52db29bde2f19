export * from './formula-ops';
export * from './formula-rules';
