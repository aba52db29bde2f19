export * from './station-ops';
export * from './station-rules';
