// After a failed browser test: what it threw and what each open page showed (its address, the start of its text, a
// screenshot), printed to the test log, so a failure seen only in CI can be understood from the log; a test that
// then passes on its retry prints nothing else about its first try (vitest keeps no error on a passed result).
import { afterEach } from 'vitest';
import { openBrowsers, shot } from './browser';

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const name = ctx.task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);
  // the last error: a retry's result carries the earlier tries' errors too
  const err = ctx.task.result.errors?.at(-1);
  if (err)
    console.error(
      `[failed test "${ctx.task.name}"] threw: ${String(err.message ?? err).slice(0, 1_500)}\n  ${
        err.stack
          ?.split('\n')
          .find((l) => l.includes('.test.ts'))
          ?.trim() ?? ''
      }`,
    );
  let n = 0;
  for (const browser of openBrowsers)
    for (const context of browser.contexts())
      for (const page of context.pages()) {
        n += 1;
        try {
          const path = shot(`FAILED-${name}-${n}.png`);
          await page.screenshot({ path, fullPage: true, timeout: 5_000 });
          // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is the point (hidden text left out)
          const text = await page.locator('body').innerText({ timeout: 5_000 });
          console.error(
            `[failed test "${ctx.task.name}"] page ${n}: ${page.url()}\n  shot: ${path}\n  text: ${text.replace(/\s+/g, ' ').slice(0, 1_500)}`,
          );
        } catch (err) {
          console.error(
            `[failed test "${ctx.task.name}"] page ${n}: ${page.url()} (no shot: ${String(err)})`,
          );
        }
      }
});
