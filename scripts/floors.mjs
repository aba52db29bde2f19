// `npm run floors`: prints the floors of each package (from .dependency-cruiser.cjs), what each floor
// imports (files that import, per floor reached) and the back arrows or cycles, if any.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { FLOORS, APART } = require('../.dependency-cruiser.cjs').floors;
const PACKAGES = Object.keys(FLOORS);

// The same run as `npm run lint` (same config, cache and rules), read as JSON.
let json;
try {
  json = execFileSync(
    'node_modules/.bin/depcruise',
    // own cache folder: lint's cache (text output) stays warm
    [
      '--output-type',
      'json',
      '--cache',
      'node_modules/.cache/dependency-cruiser-floors',
      ...PACKAGES.map((pkg) => `packages/${pkg}/src`),
    ],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
} catch (err) {
  json = err.stdout; // violations make depcruise exit non-zero; its JSON still says which
}
const result = { output: JSON.parse(json) };
const { modules, summary } = result.output;

const floorOf = (pkg, file) => {
  const inner = file.slice(`packages/${pkg}/src/`.length);
  const floors = [
    ...FLOORS[pkg],
    ...(APART[pkg] ?? []).map((p) => ({ name: p.replace('/', ''), paths: [p] })),
  ];
  return floors.find((f) => f.paths.some((p) => new RegExp(`^(${p})`).test(inner)))?.name ?? '(none)';
};
const pkgOf = (file) => PACKAGES.find((pkg) => file.startsWith(`packages/${pkg}/src/`));

const lines = [];
for (const pkg of PACKAGES) {
  const floors = [...FLOORS[pkg]].reverse();
  lines.push(`${pkg} (top floor first; a floor imports only itself and the floors below it)`);
  const reach = new Map();
  const files = new Map();
  for (const m of modules) {
    if (pkgOf(m.source) !== pkg) continue;
    const from = floorOf(pkg, m.source);
    files.set(from, (files.get(from) ?? 0) + 1);
    const seen = new Set();
    for (const d of m.dependencies) {
      const toPkg = pkgOf(d.resolved);
      if (!toPkg || !/\.tsx?$/.test(d.resolved)) continue; // styles and other assets are no floor
      const to = toPkg === pkg ? floorOf(pkg, d.resolved) : toPkg;
      if (seen.has(to)) continue;
      seen.add(to);
      const key = `${from}\t${to}`;
      reach.set(key, (reach.get(key) ?? 0) + 1);
    }
  }
  const rows = [
    ...floors,
    ...(APART[pkg] ?? []).map((p) => ({ name: p.replace('/', ''), paths: [p], apart: true })),
  ];
  for (const floor of rows) {
    const where = floor.label ?? floor.paths.map((p) => p.replace(/\\\./g, '.').replace(/\$$/, '')).join(' ');
    const to = [...reach]
      .filter(([key]) => key.startsWith(`${floor.name}\t`))
      .map(([key, n]) => `${key.split('\t')[1]} ${n}`)
      .join(', ');
    const label = floor.apart ? `${floor.name} (apart)` : floor.name;
    lines.push(`  ${label.padEnd(18)} ${String(files.get(floor.name) ?? 0).padStart(4)} files  ${where}`);
    lines.push(`  ${''.padEnd(18)}      imports  ${to || '-'}`);
  }
  lines.push('');
}
lines.push('(imports: the floor or package reached, and how many files of the floor reach it)');
const errors = summary.violations.filter((v) => v.rule.severity === 'error');
lines.push(
  errors.length === 0
    ? `no back arrows, no cycles (${summary.totalCruised} files, ${summary.totalDependenciesCruised} imports)`
    : errors.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).join('\n'),
);
console.log(lines.join('\n'));
process.exitCode = errors.length === 0 ? 0 : 1;
