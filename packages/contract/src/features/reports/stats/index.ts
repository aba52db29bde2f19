export * from './stats-ops';
export * from './stats-range';
