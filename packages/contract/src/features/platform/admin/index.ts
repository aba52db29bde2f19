export * from './admin-users';
export * from './password-ops';
export * from './password-rules';
