// The timing reporter (vitest.config.ts): each project's wall time and the slowest files, with what part of
// each file's time was importing and what part its tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startVitest } from 'vitest/node';
import TimingReporter, { fileTime, slowest, type TTimedModule, timingSummary } from './timing-reporter';

const fake = (file: string, collectMs: number, testsMs: number): TTimedModule =>
  ({
    project: { name: 'api' },
    relativeModuleId: file,
    diagnostic: () => ({
      environmentSetupDuration: 1,
      prepareDuration: 2,
      setupDuration: 3,
      collectDuration: collectMs,
      duration: testsMs,
    }),
  }) as unknown as TTimedModule;

describe('timing reporter', () => {
  it('adds a file’s import phases and orders the files slowest first', () => {
    const times = [fake('a.test.ts', 100, 900), fake('b.test.ts', 3000, 10), fake('c.test.ts', 4, 500)].map(
      fileTime,
    );
    expect(times[1]).toEqual({
      project: 'api',
      file: 'b.test.ts',
      importMs: 3006,
      testsMs: 10,
      totalMs: 3016,
    });
    expect(slowest(times, 2).map((t) => t.file)).toEqual(['b.test.ts', 'a.test.ts']);
    expect(timingSummary([{ project: 'api', wallMs: 61_250, files: 3 }], times, 2)).toEqual([
      'Wall time by project:',
      '  api    61.3 s  (3 files)',
      'Slowest 2 test files (import + tests):',
      '     3.0 s  [api] b.test.ts  (import 3.0 s, tests 0.0 s)',
      '     1.0 s  [api] a.test.ts  (import 0.1 s, tests 0.9 s)',
    ]);
  });

  // a whole vitest run inside the test: seconds on a loaded machine, past the 5 s default
  it('a real vitest run prints the projects’ wall times and the slow file first', {
    timeout: 60_000,
  }, async () => {
    const lines: string[] = [];
    const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/timing');
    const started = performance.now();
    const vitest = await startVitest('test', [], {
      root,
      config: false,
      watch: false,
      projects: [
        { test: { name: 'one', include: ['slow.fixture.ts'] } },
        { test: { name: 'two', include: ['fast.fixture.ts'] } },
      ],
      reporters: [new TimingReporter({ print: (line) => lines.push(line) })],
    });
    await vitest.close();
    const elapsed = performance.now() - started;
    expect(lines[0]).toBe('Wall time by project:');
    const wall = (project: string) => {
      const line = lines.find((l) => l.startsWith(`  ${project} `));
      const m = line && /(\d+\.\d) s {2}\(1 file\)$/.exec(line);
      if (!m) throw new Error(`no wall time for ${project} in:\n${lines.join('\n')}`);
      return Number(m[1]) * 1000;
    };
    // the slow file's test alone keeps its project busy 300 ms; no project outlasts the whole run
    expect(wall('one')).toBeGreaterThanOrEqual(300);
    expect(wall('one')).toBeLessThanOrEqual(elapsed);
    expect(wall('two')).toBeLessThanOrEqual(elapsed);
    expect(lines[3]).toBe('Slowest 2 test files (import + tests):');
    expect(lines[4]).toMatch(
      /^ +\d+\.\d s {2}\[one\] slow\.fixture\.ts {2}\(import \d+\.\d s, tests 0\.[3-9] s\)$/,
    );
    expect(lines[5]).toMatch(/^ +\d+\.\d s {2}\[two\] fast\.fixture\.ts /);
    // the whole run, and its part before the first file (vitest's start-up), within what the test measured
    const whole =
      /^Whole run: (\d+\.\d) s \((\d+\.\d) s of it before the first file: start-up, global set-ups\)$/.exec(
        lines[6] ?? '',
      );
    expect(whole, lines.join('\n')).not.toBeNull();
    expect(Number(whole![1]) * 1000).toBeLessThanOrEqual(elapsed + 100);
    expect(Number(whole![2])).toBeLessThanOrEqual(Number(whole![1]));
    expect(lines).toHaveLength(7);
  });
});
