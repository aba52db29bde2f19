/**
 * The demo gaa's two-factor secret (issue 16: two-factor is required for gaa). Public like the demo
 * password: add it to an authenticator app, or print the current code with `npm run demo-code`. The browser
 * tests' kit signs in with codes of it.
 */
export const DEMO_TOTP_SECRET = 'SHOPDESKDEMOGAA2FA7TOTPSECRET234';
