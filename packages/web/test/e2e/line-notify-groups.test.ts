// notification groups (/line-notify-groups?shop_id&shop_name; spec 000 §2, §3 Notify group, §7 Shops
// GET /{type}/line-notify-groups): the shop's bot is invited into a LINE group and the group binds itself by
// sending the binding code, as LINE would post it (a webhook signed with the channel secret). The page lists the
// group and its members, offers the QR / link to add the bot, and removing the group asks first and lasts.
// Shop 93 is no other browser file's; its channel is made here through the OA API with a secret of this run.
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, poll, signedInPage, simUrl, url } from './browser';

const SHOP = 93;
const RUN = Date.now().toString(36);
const SECRET = `e2e-groups-secret-${RUN}`;
const TOKEN = `e2e-groups-token-${RUN}`;
const ADD_FRIEND = 'https://line.me/R/ti/p/@e2egroups';
const GROUP = `Ce2egroup${RUN}`;
const GROUP_NAME = '外場接單群';
const MEMBERS = { [`Ualice${RUN}`]: '王小明', [`Ubob${RUN}`]: '陳美玲' };
const [ALICE, BOB] = Object.keys(MEMBERS) as [string, string];
const api = (path: string) => url(`/console/apis${path}`);

let page: Page;
let seq = 0;

/** A LINE webhook event from the group (the fields LINE sends and the product reads). */
const groupEvent = (type: string, extra: Record<string, unknown> = {}, userId?: string) => {
  seq += 1;
  return {
    type,
    webhookEventId: `01E2E${RUN}${seq}`,
    timestamp: Date.now(),
    mode: 'active',
    deliveryContext: { isRedelivery: false },
    replyToken: `reply${RUN}${seq}`,
    source: { type: 'group', groupId: GROUP, ...(userId ? { userId } : {}) },
    ...extra,
  };
};

/** POSTs events to the shop's webhook as LINE does: X-Line-Signature = base64 HMAC-SHA256 of the body. */
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

const groupRow = () => page.locator('tbody tr.ant-table-row').filter({ hasText: GROUP_NAME });

describe.skipIf(!hasChromium)('a LINE group binds itself as the order-notification group of a shop', () => {
  signedInPage('gaa', (p) => {
    page = p;
  });

  beforeAll(async () => {
    if (!hasChromium) return;
    // the shop's channel, as the OA page of a shop without one creates it
    const made = await page.request.post(api(`/gaa/shops/${SHOP}/update-oa`), {
      data: {
        data: {
          accountName: '通知群組測試',
          channelId: `16570${SHOP}`,
          channelSecret: SECRET,
          channelAccessToken: TOKEN,
          channelImageUrl: '',
          channelAddFriendUrl: ADD_FRIEND,
          channelBasicId: '@e2egroups',
          menuLiffId: `menu-${SHOP}`,
          eatInLiffId: `eatin-${SHOP}`,
          orderLiffId: `order-${SHOP}`,
          pickUpLiffId: '',
          isChatbotDisabled: false,
          fileName: 'jessica_catering-basic',
        },
      },
    });
    expect(made.status(), await made.text()).toBe(200);
    // the LINE group the bot is invited into, with its members (what LINE answers about it)
    const sim = simUrl('line');
    expect(sim).not.toBe('');
    const group = await fetch(`${sim}/__sim/groups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ groupId: GROUP, groupName: GROUP_NAME, members: MEMBERS }),
    });
    expect(group.status).toBe(200);
  });

  it('join, the binding code sent in the group, a member joining: the page lists the bound group, its members and the bot QR / link', async () => {
    const code = await page.request.post(api(`/gaa/shops/${SHOP}/code`), { data: {} });
    expect(code.status()).toBe(200);
    const { results } = (await code.json()) as { results: { code: string } };
    await postWebhook([groupEvent('join')]);
    await postWebhook([
      groupEvent('message', { message: { type: 'text', id: `m${RUN}`, text: results.code } }, ALICE),
    ]);
    await postWebhook([groupEvent('memberJoined', { joined: { members: [{ type: 'user', userId: BOB }] } })]);

    await page.goto(
      url(`/console/line-notify-groups?shop_id=${SHOP}&shop_name=${encodeURIComponent('九十三號店')}`),
    );
    await poll(() => page.getByText('訂單通知群組：九十三號店').isVisible()).toBe(true);
    // events are handled after the webhook answered: a reload shows what has been handled
    await poll(async () => {
      if (!(await groupRow().getByText('陳美玲').isVisible())) await page.reload();
      return groupRow().textContent();
    }).toMatch(/王小明.*陳美玲.*已綁定|陳美玲.*王小明.*已綁定/);
    // the bot's add-friend link and its QR (what a shop shows to invite the bot into a group)
    const link = page.getByRole('link', { name: ADD_FRIEND });
    expect(await link.getAttribute('href')).toBe(ADD_FRIEND);
    expect(await page.getByRole('img', { name: '加入官方帳號' }).isVisible()).toBe(true);
    expect(await page.getByText('@e2egroups', { exact: true }).isVisible()).toBe(true);
    if (process.env.SHOPDESK_SCREENSHOTS === '1')
      await page.screenshot({ path: '/tmp/line-notify-groups.png', fullPage: true });
  });

  it('removing the group asks first (the bot leaves it), removes it, and it stays removed after a reload', async () => {
    await groupRow()
      .getByRole('button', { name: /移\s?除/ })
      .click();
    await poll(() =>
      page.getByText(`確定要移除群組「${GROUP_NAME}」嗎？官方帳號會退出該群組。`).isVisible(),
    ).toBe(true);
    await page.getByRole('button', { name: /^確\s?定$/ }).click();
    await poll(() => page.getByText('已移除通知群組', { exact: true }).isVisible()).toBe(true);
    await poll(() => groupRow().count()).toBe(0);
    await page.reload();
    await poll(() => page.getByText('尚無通知群組').isVisible()).toBe(true);
    expect(await groupRow().count()).toBe(0);
    // the bot left the group at LINE: LINE no longer knows it
    const summary = await fetch(`${simUrl('line')}/v2/bot/group/${GROUP}/summary`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(summary.status).toBe(404);
  });
});
