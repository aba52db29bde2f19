// Shared helpers of the browser tests: one headless Chromium per test file, sign-in as a demo user.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { timeStep, totp } from '../../../server/test/rfc6238';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import type { TE2eServer, TE2eWorkerServer } from './global-setup';

export const CHROMIUM = CHROMIUM_PATH;
/** Use with describe.skipIf(!hasChromium): without the browser the flows cannot be proven. */
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(
    `\n${'!'.repeat(78)}\n!! ${CHROMIUM} not found: the browser tests are SKIPPED, nothing was proven.\n!! Install it (apt-get install chromium) and run them again.\n${'!'.repeat(78)}\n`,
  );
}

/**
 * This worker's server (global-setup.ts starts one per worker of the e2e project): vitest numbers a group's
 * workers VITEST_POOL_ID 1…maxWorkers, and one worker runs one file at a time, so a file never shares its server
 * with a file running beside it.
 */
export const workerServer = (): TE2eWorkerServer => {
  const servers = inject('e2eServers');
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  const mine = servers[id - 1];
  if (!mine)
    throw new Error(
      `no browser tests' server for worker VITEST_POOL_ID=${process.env.VITEST_POOL_ID} (${servers.length} started)`,
    );
  return mine;
};

let server: TE2eServer | undefined;
/** The test server's state (global-setup.ts), once it answers: server-ready.ts waits for it before each file. */
export const e2eServer = (): TE2eServer => {
  server ??= JSON.parse(readFileSync(workerServer().stateFile, 'utf8')) as TE2eServer;
  return server;
};
/** The started server's state: its shared gaa session and where its simulators listen. */
const started = () => {
  const state = e2eServer();
  if ('error' in state) throw new Error(`the browser tests' server did not start: ${state.error}`);
  return state;
};
/** Where this worker's server answers (its state file: the port is chosen when it starts). */
export const baseUrl = () => started().baseUrl;
/** Where the server's simulator listens ('' when it runs none: SHOPDESK_E2E_URL without SHOPDESK_E2E_LOG). */
export const simUrl = (name: 'printer' | 'line' | 'sms') => started()[`${name}SimUrl`];
export const DEMO_PASSWORD = 'demo-password';
export type TDemoType = 'gaa' | 'si' | 'eaa' | 'line';

/** The browsers a test file has open: when a test fails, failure-shots.ts shows what their pages showed. */
export const openBrowsers = new Set<Browser>();

/**
 * A browser for this file: a connection to this worker's Chromium (global-setup.ts starts one per worker), whose
 * contexts are this file's own and end with its `close()`; a Chromium of its own when the set-up started none.
 */
export const launchBrowser = async (): Promise<Browser> => {
  const endpoint = inject('e2eBrowsers')[Number(process.env.VITEST_POOL_ID ?? '1') - 1];
  const browser = endpoint
    ? await chromium.connect(endpoint)
    : await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return browser;
};

/** A fresh browser profile (no storage, no cookies) asking for the given language (a BCP 47 tag). */
export const newContext = async (browser: Browser, locale = 'zh-TW'): Promise<BrowserContext> => {
  const context = await browser.newContext({ locale, viewport: { width: 1366, height: 900 } });
  // a crashed page makes later waits hang until their time-out: say so in the log
  context.on('page', (p) => p.on('crash', () => console.error(`[browser page crashed] ${p.url()}`)));
  return context;
};

/** Console path → absolute URL of the test server. */
export const url = (path: string) => `${baseUrl()}${path}`;

/**
 * Types a two-factor code of the given secret with the tests' own RFC 6238 generator (the demo gaa
 * is two-factor-exempt; users a test enrolled give codes). The server takes each time step once and the steps just
 * before and after the current one, so when the current code was used (by an earlier sign-in in the same
 * 30 s) it tries the next one, and waits for a new step when both were used.
 */
export const enterTotpCode = async (page: Page, secret: string) => {
  const input = page.locator('input[autocomplete=one-time-code]');
  await input.waitFor();
  const tried = new Set<number>();
  const deadline = Date.now() + 75_000;
  while (Date.now() < deadline) {
    const now = timeStep(Date.now() / 1000);
    const step = [now, now + 1].find((s) => !tried.has(s));
    if (step === undefined) {
      // both codes were used: the clock itself is waited for (the next 30 s step)
      await expect
        .poll(() => timeStep(Date.now() / 1000), { timeout: 31_000, interval: 250 })
        .toBeGreaterThan(now);
      continue;
    }
    tried.add(step);
    await input.fill(totp(secret, { offset: step - now }));
    const answer = page.waitForResponse((r) => r.url().includes('/apis/signin/'));
    await page.locator('button[type=submit]:visible').click();
    if ((await answer).ok()) return;
  }
  throw new Error('the two-factor step did not accept a code');
};

/** Fills the login form of the page's current portal and submits it. */
export const submitLogin = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.locator('input#email').fill(email);
  await page.locator('input#password').fill(password);
  await page.locator('button[type=submit]').click();
};

/**
 * Signs in for real at the user type's own portal (password only: the demo gaa is two-factor-exempt) and waits for the
 * home page (spec 000 §2: / → /summary/stat). For tests about signing in or out: a gaa session made here is
 * this browser's own, so logging it out ends nobody else's.
 */
export const signInAtPortal = async (page: Page, type: TDemoType) => {
  await page.goto(url(`/console/${type}-login`));
  await submitLogin(page, `${type}@demo.test`);
  await page.waitForURL(/\/console\/summary\/stat$/);
};

/**
 * Opens the home page of a browser that holds a session cookie, after storing what the login page stores
 * (the user, the portal: lib/storage.ts STORAGE_KEYS; a line user's portal is eaa's, session-storage.ts portalOf).
 */
const enterSession = async (page: Page, type: TDemoType, user: unknown) => {
  await page.goto(url('/console/apis/health')); // the console's origin, without starting the app
  await page.evaluate(
    ([value, portal]) => {
      localStorage.setItem('shopdesk.user', value);
      localStorage.setItem('shopdesk.portal', portal);
    },
    [JSON.stringify(user), type === 'line' ? 'eaa' : type] as const,
  );
  await page.goto(url('/console/summary/stat'));
  await page.getByTestId('user-name').waitFor({ state: 'attached' });
};

/**
 * The demo gaa's session of this run (global-setup.ts signs it in once) in this browser.
 * False when that session is gone (a test ended it: such tests must use signInAtPortal).
 */
const enterSharedGaaSession = async (page: Page) => {
  const shared = started().gaaSession;
  const context = page.context();
  await context.addCookies([{ ...shared, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
  const me = await page.request.get(url('/console/apis/me'));
  if (!me.ok()) {
    await context.clearCookies({ name: shared.name });
    console.warn(
      `the shared gaa session of this e2e run answers ${me.status()}: a test ended it (log out, sign out elsewhere, password change?); signing in at the portal instead`,
    );
    return false;
  }
  await enterSession(page, 'gaa', ((await me.json()) as { user: unknown }).user);
  return true;
};

/**
 * A session of this browser's own for the demo si, eaa or line user, signed in by the login page's own call
 * (POST /console/apis/{type}/signin, password only) without opening the login page. False when the answer
 * is not a session (a second step asked for): then the portal is used.
 */
const signInByApi = async (page: Page, type: TDemoType) => {
  const res = await page.request.post(url(`/console/apis/${type}/signin`), {
    data: { email: `${type}@demo.test`, password: DEMO_PASSWORD, type },
  });
  expect(res.status(), await res.text()).toBe(200);
  const answer = (await res.json()) as { user?: unknown };
  if (!answer.user) return false;
  await enterSession(page, type, answer.user);
  return true;
};

/**
 * Signs in as the demo user of the type and waits for the home page, without the login page: the demo gaa
 * reuses the run's one session (made by global-setup.ts), the others get a session of this browser's own.
 * A test about the login page, or one that logs the gaa out or ends sessions, signs in with signInAtPortal.
 */
export const signIn = async (page: Page, type: TDemoType) => {
  if (type === 'gaa' ? await enterSharedGaaSession(page) : await signInByApi(page, type)) return;
  await signInAtPortal(page, type);
};

/**
 * The usual frame of a test file: before its tests one browser with one page signed in as the demo user of
 * `type` (handed to `ready`), closed after them. Nothing happens without Chromium (the tests are skipped).
 */
export const signedInPage = (
  type: TDemoType,
  ready: (page: Page) => void,
  viewport?: { width: number; height: number },
) => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!hasChromium) return;
    browser = await launchBrowser();
    const page = await (await newContext(browser)).newPage();
    if (viewport) await page.setViewportSize(viewport);
    await signIn(page, type);
    ready(page);
  });
  afterAll(async () => {
    await browser?.close();
  });
};

/** The machine is shared and slow at times: wait up to 15 s for what a user would see. */
export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 200 });

/**
 * Waits until what moves on the page has stopped, before a screenshot: every finite CSS or Web animation
 * (antd's motions) has finished, and every canvas (ECharts draws its entry animation there) shows the same
 * picture twice in a row.
 */
export const motionEnded = async (page: Page) => {
  let before = '';
  await poll(async () => {
    const now = await page.evaluate(async () => {
      const finite = document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      await Promise.all(finite.map((a) => a.finished.catch(() => null)));
      return Array.from(document.querySelectorAll('canvas'), (c) => c.toDataURL()).join('|');
    });
    const same = now === before;
    before = now;
    return same;
  }).toBe(true);
};

/**
 * Waits until an element's opening motion has ended: neither it nor a parent carries rc-motion's phase
 * classes (ant-zoom-appear-active, ant-slide-up-enter…), and none of its finite animations runs (a spinner
 * inside turns forever).
 */
const settled = async (el: Locator) => {
  await el.waitFor();
  await poll(() =>
    el.evaluate((node) => {
      for (let e: Element | null = node; e; e = e.parentElement)
        if (typeof e.className === 'string' && /-(appear|enter|leave)(-|\s|$)/.test(e.className))
          return false;
      return node
        .getAnimations({ subtree: true })
        .every(
          (a) =>
            a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
        );
    }),
  ).toBe(true);
  return el;
};

/**
 * The dialog (an antd Modal or Drawer, role=dialog) once its opening motion has ended. A control clicked
 * while the dialog still zooms or slides in can move from under the pointer, and the click lands beside it
 * (on a loaded machine a checkbox then "did not change its state").
 */
export const openedDialog = (dialog: Locator) => settled(dialog);

/**
 * The open antd Popconfirm once it has zoomed in: its OK clicked while it still moved landed beside it, and the
 * popup stayed open (ledger.test.ts's second billing run, CI session 20).
 */
export const openedPopconfirm = async (page: Page) => {
  // the last one: another may still be fading out (each popup is added to the page when first opened)
  const pop = page.locator('.ant-popconfirm:visible').last();
  await settled(pop);
  return pop;
};

/**
 * The open antd date picker's panel once it has slid in. Keys typed into a picker's input before its panel is
 * open go to the form: Enter then submits it (sales.test.ts typed a range's start and its Enter ran the query
 * with the old range, which the form then took back from the URL).
 */
export const openedPicker = (page: Page) => settled(page.locator('.ant-picker-dropdown:visible'));

/**
 * The open antd Select dropdown once it has slid in: an option clicked while the dropdown still moves can be
 * missed (the list stays open and the choice does not take). Open the select first, then pick from this.
 */
export const openedDropdown = (page: Page) => settled(page.locator('.ant-select-dropdown:visible'));

/** The hrefs of the sidebar's links, in order. */
export const sidebarLinks = (page: Page) =>
  page
    .locator('[data-testid=sidebar-menu] a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

/** Where a test's screenshots go (SHOPDESK_SHOTS, else the system's temporary folder), to be looked at. */
export const shot = (name: string) => {
  const dir = process.env.SHOPDESK_SHOTS ?? path.join(tmpdir(), 'shopdesk-shots');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
};
