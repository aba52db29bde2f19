// A vitest reporter (vitest.config.ts, after the default one): at the end of a run it says how many tests
// passed only on a retry (the browser project retries a failed test once), with their names, so a flaky
// test is seen even when the run is green. The count is printed on every run, 0 included, so a CI log can
// be read for it ("zero tests passing only on retry").
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';

/** What the reporter needs of a finished test (a vitest TestCase has it). */
export type TRetriedTest = Pick<TestCase, 'fullName' | 'result' | 'diagnostic'> & {
  project: { name: string };
  module: { relativeModuleId: string };
};

/** A test that passed only on a retry, and the first line of what its failed try threw. */
export type TRetried = { name: string; firstError?: string };

/** The tests that passed after at least one failed try, as `[project] file > suite > test (n retries)`. */
export const passedOnRetry = (tests: Iterable<TRetriedTest>): TRetried[] => {
  const found: TRetried[] = [];
  for (const test of tests) {
    const retries = test.diagnostic()?.retryCount ?? 0;
    const result = test.result();
    if (result.state !== 'passed' || retries === 0) continue;
    const project = test.project.name ? `[${test.project.name}] ` : '';
    // vitest keeps a retried test's earlier errors on its passed result: the cause is named, not guessed
    const error = result.errors?.[0]?.message?.split('\n')[0]?.slice(0, 300);
    found.push({
      name: `${project}${test.module.relativeModuleId} > ${test.fullName} (${retries} ${retries === 1 ? 'retry' : 'retries'})`,
      ...(error ? { firstError: error } : {}),
    });
  }
  return found;
};

/** The lines printed at the end of the run. */
export const retrySummary = (retried: readonly TRetried[]): string[] =>
  retried.length === 0
    ? ['Passed only on retry: 0 tests']
    : [
        `Passed only on retry: ${retried.length} ${retried.length === 1 ? 'test' : 'tests'} (flaky: find the cause)`,
        ...retried.flatMap((r) => [
          `  ↻ ${r.name}`,
          ...(r.firstError ? [`      first try: ${r.firstError}`] : []),
        ]),
      ];

export default class RetryReporter implements Reporter {
  private log: (line: string) => void;
  private readonly own: boolean;

  /** `print`: where the lines go (tests); else vitest's logger. */
  constructor(opts: { print?: (line: string) => void } = {}) {
    this.own = opts.print !== undefined;
    this.log = opts.print ?? ((line) => console.log(line));
  }

  onInit(vitest: Vitest) {
    if (!this.own) this.log = (line) => vitest.logger.log(line);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const tests = testModules.flatMap((m) => [...m.children.allTests()]);
    for (const line of retrySummary(passedOnRetry(tests))) this.log(line);
  }
}
