import { generate } from 'otplib';
import { DEMO_TOTP_SECRET } from './seed';

/** npm run demo-code: the demo gaa's current two-factor code (issue 16), for signing in without an app. */
const code = await generate({ secret: DEMO_TOTP_SECRET });
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`gaa@demo.test two-factor code: ${code} (valid ${left} s more; the next one also works once)`);
