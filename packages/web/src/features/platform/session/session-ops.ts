/**
 * The session's contract operations and sign-in schema, loaded on demand (sign-in, the /me check,
 * logout, the first field check). They carry zod schemas, about 25 kB gzip of zod, which the login form
 * does not need to draw: keeping them out of its first load keeps the route within budget
 * (bench/bundle-budget.mjs).
 */
export { meOp, signinOp, signoutOp, ZSigninRequest } from '@shopdesk/contract';
