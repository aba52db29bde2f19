// spec 000 §2 shop info "a notification-group QR", §3 Notify group: the QR leads a LINE group to binding. It
// encodes LINE's share link with the binding message (contract groupBindingUrl); LINE posts that message in the
// group it is sent to, and the bot binds the group (docs/decisions/testing.md "Notification-group QR"). Here the
// LINE side is the simulator and a webhook signed with the channel secret, as LINE would post it.
// Shop 9 is no other browser file's; its channel is made here through the OA API with a secret of this run.
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, signedInPage, simUrl, url } from './browser';

const SHOP = 9;
const RUN = Date.now().toString(36);
const SECRET = `e2e-qr-secret-${RUN}`;
const TOKEN = `e2e-qr-token-${RUN}`;
const GROUP = `Ce2eqr${RUN}`;
const GROUP_NAME = '廚房出單群';
const MEMBER = `Uqr${RUN}`;
const api = (path: string) => url(`/console/apis${path}`);

let page: Page;
let seq = 0;

const groupEvent = (type: string, extra: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    type,
    webhookEventId: `01QR${RUN}${seq}`,
    timestamp: Date.now(),
    mode: 'active',
    deliveryContext: { isRedelivery: false },
    replyToken: `reply${RUN}${seq}`,
    source: { type: 'group', groupId: GROUP, userId: MEMBER },
    ...extra,
  };
};

const postWebhook = async (events: unknown[]) => {
  const body = JSON.stringify({ destination: 'Ue2ebot', events });
  const res = await fetch(api(`/line/webhook/${SHOP}`), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-line-signature': createHmac('sha256', SECRET).update(body).digest('base64'),
    },
    body,
  });
  expect(res.status).toBe(200);
};

describe.skipIf(!hasChromium)('the notification-group QR binds the LINE group it is sent in', () => {
  signedInPage('gaa', (p) => {
    page = p;
  });

  beforeAll(async () => {
    if (!hasChromium) return;
    const oa = await page.request.get(api(`/gaa/shops/${SHOP}/oa`));
    const current = oa.ok() ? ((await oa.json()) as Record<string, unknown>) : {};
    const made = await page.request.post(api(`/gaa/shops/${SHOP}/update-oa`), {
      data: {
        data: {
          accountName: '群組QR測試',
          channelId: `16571${SHOP}`,
          channelImageUrl: '',
          channelBasicId: '@e2eqr',
          menuLiffId: `menu-${SHOP}`,
          eatInLiffId: `eatin-${SHOP}`,
          orderLiffId: `order-${SHOP}`,
          pickUpLiffId: '',
          isChatbotDisabled: false,
          fileName: current.fileName ?? 'jessica_catering-basic',
          channelSecret: SECRET,
          channelAccessToken: TOKEN,
          channelAddFriendUrl: 'https://line.me/R/ti/p/@e2eqr',
        },
      },
    });
    expect(made.status(), await made.text()).toBe(200);
    const sim = await fetch(`${simUrl('line')}/__sim/groups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ groupId: GROUP, groupName: GROUP_NAME, members: { [MEMBER]: '林師傅' } }),
    });
    expect(sim.status).toBe(200);
  });

  it('the info page’s QR carries the binding message; sent in the group, the group is bound', async () => {
    const renewed = await page.request.post(api(`/gaa/shops/${SHOP}/code`), { data: {} });
    expect(renewed.status()).toBe(200);
    const { code } = ((await renewed.json()) as { results: { code: string } }).results;
    await page.goto(url(`/console/gaa/business/${SHOP}/info`));
    const qr = page.getByRole('img', { name: '通知群組 QR Code' });
    await qr.waitFor();
    await page.getByText('先邀請官方帳號加入群組').waitFor();
    await page.screenshot({ path: shot('group-binding-qr.png'), fullPage: true });
    const link = new URL((await qr.getAttribute('data-link')) ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('https://line.me/R/share');
    const text = link.searchParams.get('text') ?? '';
    expect(text).toContain(code);

    // LINE: the bot is invited into the group, then the shared message is posted there
    await postWebhook([groupEvent('join')]);
    await postWebhook([groupEvent('message', { message: { type: 'text', id: `m${RUN}`, text } })]);

    // the webhook's events are handled by an outbox job (a worker polls each second): wait for the binding
    // itself, as long as a loaded machine needs, then look at the page once
    const bound = async () => {
      const res = await page.request.get(api(`/gaa/line-notify-groups?business_id=${SHOP}`));
      const body = JSON.stringify(await res.json());
      return new RegExp(`"name":"${GROUP_NAME}"[^}]*}[^}]*"bound":true`).test(body);
    };
    await expect.poll(bound, { timeout: 60_000, interval: 500 }).toBe(true);
    await page.goto(
      url(`/console/line-notify-groups?shop_id=${SHOP}&shop_name=${encodeURIComponent('九號店')}`),
    );
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: GROUP_NAME });
    await poll(() => row.getByText('已綁定').isVisible()).toBe(true);
  });
});
