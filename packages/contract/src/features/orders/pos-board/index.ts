export * from './board-model';
export * from './board-ops';
export * from './board-rules';
