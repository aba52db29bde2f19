// A vitest reporter (vitest.config.ts, after the default one): at the end of a run it prints each project's
// wall time (its first file's start to its last file's end, importing included) and the slowest test files, each with its time
// and how much of it was importing (module transforms, setup files) against running its tests and hooks, so
// a CI log says which phase and which files the suite's time goes to.
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** What the reporter needs of a finished test file (a vitest TestModule has it). */
export type TTimedModule = Pick<TestModule, 'diagnostic'> & {
  project: { name: string };
  relativeModuleId: string;
};

/** One file's time, in ms: importing (environment, harness, setup files, the module) and its tests and hooks. */
export type TFileTime = { project: string; file: string; importMs: number; testsMs: number; totalMs: number };

/** A project's wall time: its first file's start to its last file's end, and how many files it ran. */
export type TProjectTime = { project: string; wallMs: number; files: number };

export const fileTime = (m: TTimedModule): TFileTime => {
  const d = m.diagnostic();
  const importMs = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
  return {
    project: m.project.name,
    file: m.relativeModuleId,
    importMs,
    testsMs: d.duration,
    totalMs: importMs + d.duration,
  };
};

/** The `count` slowest files, slowest first. */
export const slowest = (times: readonly TFileTime[], count: number): TFileTime[] =>
  [...times].sort((a, b) => b.totalMs - a.totalMs).slice(0, count);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The whole run (the reporter's start to the end) and how much of it came before the first file started. */
export type TRunTime = { wallMs: number; beforeFilesMs: number };

/** The lines printed at the end of the run. */
export const timingSummary = (
  projects: readonly TProjectTime[],
  files: readonly TFileTime[],
  count = 15,
  run?: TRunTime,
) => {
  const width = Math.max(0, ...projects.map((p) => p.project.length));
  return [
    'Wall time by project:',
    ...projects.map(
      (p) =>
        `  ${p.project.padEnd(width)}  ${seconds(p.wallMs).padStart(8)}  (${p.files} ${p.files === 1 ? 'file' : 'files'})`,
    ),
    `Slowest ${Math.min(count, files.length)} test files (import + tests):`,
    ...slowest(files, count).map(
      (f) =>
        `  ${seconds(f.totalMs).padStart(8)}  [${f.project}] ${f.file}  (import ${seconds(f.importMs)}, tests ${seconds(f.testsMs)})`,
    ),
    // vitest runs every project's global set-up before any file: that part shows here, outside the projects
    ...(run
      ? [
          `Whole run: ${seconds(run.wallMs)} (${seconds(run.beforeFilesMs)} of it before the first file: start-up, global set-ups)`,
        ]
      : []),
  ];
};

export default class TimingReporter implements Reporter {
  private log: (line: string) => void;
  private readonly own: boolean;
  private readonly now: () => number;
  /** Per project: when its first file started and its last file ended (the reporter's clock). */
  private readonly spans = new Map<string, { start: number; end: number; files: number }>();

  /** `print`: where the lines go (tests); else vitest's logger. `now`: the clock (tests). */
  constructor(opts: { print?: (line: string) => void; now?: () => number } = {}) {
    this.own = opts.print !== undefined;
    this.log = opts.print ?? ((line) => console.log(line));
    this.now = opts.now ?? (() => performance.now());
  }

  /** When vitest started the run (the reporter's clock). */
  private startedAt: number | undefined;

  onInit(vitest: Vitest) {
    this.startedAt = this.now();
    if (!this.own) this.log = (line) => vitest.logger.log(line);
  }

  // A file's start is its end less its own time: vitest calls onTestModuleStart only once the file is imported.
  onTestModuleEnd(m: TestModule) {
    const end = this.now();
    const start = end - fileTime(m).totalMs;
    const span = this.spans.get(m.project.name);
    if (!span) {
      this.spans.set(m.project.name, { start, end, files: 1 });
      return;
    }
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, end);
    span.files += 1;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const projects = [...this.spans].map(([project, s]) => ({
      project,
      wallMs: s.end - s.start,
      files: s.files,
    }));
    const end = this.now();
    const firstStart = Math.min(...[...this.spans.values()].map((s) => s.start));
    const run =
      this.startedAt === undefined || this.spans.size === 0
        ? undefined
        : { wallMs: end - this.startedAt, beforeFilesMs: Math.max(0, firstStart - this.startedAt) };
    for (const line of timingSummary(projects, testModules.map(fileTime), 15, run)) this.log(line);
  }
}
