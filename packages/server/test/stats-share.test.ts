// /pub/shop-stat: a signed, expiring share link (valid, expired, forged, another's shop).
import { formatTaipeiTime, SHARE_LINK_PURPOSE } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../src/db/schema';
import { signLink } from '../src/lib/signed-link';
import { build } from './helpers';
import { lastWeek, move, placeOrders, rawFigures, statShop, statsUrl } from './stats-fixtures';

const t = await build();
const quick = await t.createSiAccount('quickclick');
const owner = await t.signedIn('eaa');
const other = await t.signedIn('eaa');
const a = await statShop(t, owner, quick.id);
const b = await statShop(t, other, quick.id);
for (const id of await placeOrders(t, a, 3)) await move(t, a.accountId, id, 'accept');

const share = (type: string, body: Record<string, unknown>, headers?: { cookie: string }) =>
  t.app.inject({ method: 'POST', url: statsUrl(type, '/share-links'), payload: body, headers });
const pub = (token: string) => {
  const r = lastWeek();
  return t.app.inject({ method: 'GET', url: `/console/apis/pub/stats/shop-stat`, query: { token, ...r } });
};

describe('shop statistics share links', () => {
  it('the owner makes a 7-day link; anyone with it reads the shop’s figures without signing in', async () => {
    const res = await share('eaa', { accountId: a.accountId }, owner.headers);
    expect(res.statusCode, res.body).toBe(201);
    const { token, path, expiresAt } = res.json();
    expect(path).toBe(`/console/pub/shop-stat?token=${encodeURIComponent(token)}`);
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const read = await pub(token);
    expect(read.statusCode, read.body).toBe(200);
    const raw = await rawFigures(t, [a.accountId], lastWeek());
    expect(read.json().summary.current).toMatchObject({ orders: 3, revenue: raw.revenue });
    expect(read.json().shop.name).toMatch(/^店 /);
    const audit = await t.db.select().from(auditRecords).where(eq(auditRecords.accountId, a.accountId));
    expect(audit.filter((r) => r.resourceCode === 'stats-share-link').map((r) => r.userId)).toEqual([
      owner.user.id,
    ]);
    // the Record tab reads the expiry in Asia/Taipei time (spec 001 §1), not a raw UTC stamp
    const line = audit.find((r) => r.resourceCode === 'stats-share-link')!.displayLog;
    expect(line).toBe(`統計分享連結：7 天，到期 ${formatTaipeiTime(expiresAt)}`);
    expect(line).not.toMatch(/T\d\d:|Z/);
  });

  it('refuses a forged or garbled token and an expired one (403, each with its own code and message)', async () => {
    const { token } = (await share('eaa', { accountId: a.accountId, days: 1 }, owner.headers)).json();
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const f = await pub(forged);
    expect(f.statusCode).toBe(403);
    expect(f.json().error).toMatchObject({ code: 'LINK_INVALID', message: '分享連結無效' });
    expect((await pub('not-a-token-at-all')).json().error.code).toBe('LINK_INVALID');
    const expired = signLink(
      'test-secret-test-secret-test-secret-000',
      SHARE_LINK_PURPOSE,
      { a: a.accountId },
      new Date(Date.now() - 1000),
    );
    const e = await pub(expired);
    expect(e.statusCode).toBe(403);
    expect(e.json().error).toMatchObject({
      code: 'LINK_EXPIRED',
      message: '分享連結已過期，請向店家索取新的連結',
    });
    // a token of another purpose never opens the page
    const otherPurpose = signLink(
      'test-secret-test-secret-test-secret-000',
      'pub-qcpos',
      { a: a.accountId },
      new Date(Date.now() + 86_400_000),
    );
    expect((await pub(otherPurpose)).json().error.code).toBe('LINK_INVALID');
  });

  it('refuses a link to another owner’s shop (403), days outside 1–30 (400) and no session (401)', async () => {
    expect((await share('eaa', { accountId: b.accountId }, owner.headers)).statusCode).toBe(403);
    expect((await share('eaa', { accountId: a.accountId, days: 31 }, owner.headers)).statusCode).toBe(400);
    expect((await share('eaa', { accountId: a.accountId, days: 0 }, owner.headers)).statusCode).toBe(400);
    expect((await share('eaa', { accountId: a.accountId })).statusCode).toBe(401);
    const line = await t.signedIn('line', { shopAccountId: a.accountId });
    expect((await share('line', { accountId: a.accountId, days: 30 }, line.headers)).statusCode).toBe(201);
  });
});
