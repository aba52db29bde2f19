/**
 * The floors of each package (ARCHITECTURE.md "Floors", docs/decisions/foundation.md "Floors"). A file imports only its
 * own floor and the floors below it; nothing imports upwards, and no import chain comes back to where it
 * started. Type-only imports count too. `npm run lint` runs this; `npm run floors` prints the layering.
 */

/** Bottom first. Each floor is a list of path patterns (regular expressions) inside the package's `src/`. */
const FLOORS = {
  contract: [
    { name: 'common', paths: ['common/'] },
    // features/<domain>/<feature>/: one feature's schemas, operations and rules
    { name: 'features', paths: ['features/'] },
    { name: 'index', paths: ['index\\.ts$'] },
  ],
  server: [
    { name: 'base', paths: ['lib/', 'http/'] },
    { name: 'db', paths: ['db/'] },
    { name: 'infra', paths: ['adapters/', 'storage/', 'jobs/'] },
    { name: 'identity', paths: ['identity/'] },
    { name: 'plugins', paths: ['plugins/'] },
    { name: 'features', paths: ['features/'] },
    { name: 'top', paths: ['schedule/', 'seed/', 'backup/', 'app\\.ts$', 'main\\.ts$', 'config\\.ts$'] },
  ],
  web: [
    { name: 'shell', paths: ['shell/'] },
    { name: 'lib', paths: ['lib/', 'i18n/'] },
    { name: 'components', paths: ['components/'] },
    { name: 'features', paths: ['features/'] },
    { name: 'app', paths: ['app/', 'main\\.tsx$'] },
  ],
};

/** Folders that stand apart: the customers' ordering app imports only itself (and the contract). */
const APART = { web: ['shop/'] };

const src = (pkg) => `^packages/${pkg}/src/`;
const any = (pkg, prefixes) => `${src(pkg)}(${prefixes.join('|')})`;

const floorRules = Object.entries(FLOORS).flatMap(([pkg, floors]) => {
  const rules = floors.slice(0, -1).map((floor, i) => ({
    name: `${pkg}-floor-${floor.name}`,
    comment: `${pkg}: the ${floor.name} floor imports only itself and the floors below it (${floors
      .slice(0, i)
      .map((f) => f.name)
      .join(', ')})`,
    severity: 'error',
    from: { path: any(pkg, floor.paths) },
    to: {
      path: any(
        pkg,
        floors.slice(i + 1).flatMap((f) => f.paths),
      ),
    },
  }));
  const known = [...floors.flatMap((f) => f.paths), ...(APART[pkg] ?? [])];
  rules.push({
    name: `${pkg}-on-a-floor`,
    comment: `${pkg}: every file of src/ sits on a floor; give a new folder its floor in .dependency-cruiser.cjs`,
    severity: 'error',
    from: { path: src(pkg), pathNot: any(pkg, known) },
    to: {},
  });
  for (const apart of APART[pkg] ?? []) {
    rules.push(
      {
        name: `${pkg}-${apart.replace('/', '')}-apart`,
        comment: `${pkg}: ${apart} imports only itself and the contract`,
        severity: 'error',
        from: { path: any(pkg, [apart]) },
        to: { path: src(pkg), pathNot: any(pkg, [apart]) },
      },
      {
        name: `${pkg}-into-${apart.replace('/', '')}`,
        comment: `${pkg}: nothing else imports ${apart}`,
        severity: 'error',
        from: { path: src(pkg), pathNot: any(pkg, [apart]) },
        to: { path: any(pkg, [apart]) },
      },
    );
  }
  return rules;
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'An import chain never comes back to the file it started from (type-only imports included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is the bottom of the house: it imports neither the server nor the web app.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^packages/(server|web)/' },
    },
    {
      name: 'server-web-apart',
      comment: 'The server and the web app share code only through the contract.',
      severity: 'error',
      from: { path: '^packages/(server|web)/' },
      to: { path: '^packages/(server|web)/', pathNot: '^packages/$1/' },
    },
    ...floorRules,
  ],
  options: {
    includeOnly: '^packages/(contract|server|web)/src/',
    doNotFollow: { path: 'node_modules' },
    // type-only imports (import type …) are imports too: a type that runs upwards is a back arrow
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.d.ts'],
    },
    moduleSystems: ['es6'],
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'metadata' },
    progress: { type: 'none' },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};

// scripts/floors.mjs reads the floors to print the layering (not a dependency-cruiser option)
Object.defineProperty(module.exports, 'floors', { value: { FLOORS, APART }, enumerable: false });
