// The retry reporter (vitest.config.ts): a test that passed only on its retry is counted and named at the
// end of the run; a run without one says 0.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startVitest } from 'vitest/node';
import RetryReporter, { passedOnRetry, retrySummary, type TRetriedTest } from './retry-reporter';

const fake = (name: string, state: 'passed' | 'failed', retryCount: number): TRetriedTest =>
  ({
    fullName: `suite > ${name}`,
    project: { name: 'e2e' },
    module: { relativeModuleId: 'packages/web/test/e2e/x.test.ts' },
    result: () => ({ state, errors: undefined }),
    diagnostic: () => ({ retryCount }),
  }) as unknown as TRetriedTest;

describe('retry reporter', () => {
  it('names only the tests that passed after a failed try', () => {
    const names = passedOnRetry([
      fake('steady', 'passed', 0),
      fake('flaky', 'passed', 1),
      fake('broken', 'failed', 1),
    ]);
    expect(names).toEqual([{ name: '[e2e] packages/web/test/e2e/x.test.ts > suite > flaky (1 retry)' }]);
    expect(retrySummary(names)).toEqual([
      'Passed only on retry: 1 test (flaky: find the cause)',
      '  ↻ [e2e] packages/web/test/e2e/x.test.ts > suite > flaky (1 retry)',
    ]);
    expect(retrySummary([])).toEqual(['Passed only on retry: 0 tests']);
  });

  // a whole vitest run inside the test: seconds on a loaded machine, past the 5 s default
  it('a real vitest run with retry 1 prints the test that passed on its retry', {
    timeout: 60_000,
  }, async () => {
    const lines: string[] = [];
    const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/retry');
    const vitest = await startVitest('test', [], {
      root,
      config: false,
      watch: false,
      include: ['*.fixture.ts'],
      retry: 1,
      reporters: [new RetryReporter({ print: (line) => lines.push(line) })],
    });
    await vitest.close();
    expect(lines.slice(0, 2)).toEqual([
      'Passed only on retry: 1 test (flaky: find the cause)',
      '  ↻ flaky.fixture.ts > a suite > fails once, then passes (1 retry)',
    ]);
    // the failed try's error is printed under it
    expect(lines[2]).toMatch(/^ {6}first try: expected 1 to be 2/);
    expect(lines).toHaveLength(3);
  });
});
