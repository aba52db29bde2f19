// the README's configuration table names every environment variable the server reads.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '../src/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const src = path.join(root, 'packages/server/src');

/** The variables in the first column of the README's "## Configuration" table (`A`, `B` in one cell too). */
const readmeVariables = () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]!.split(/^## /m)[0]!;
  const names = section
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .flatMap((l) => [...l.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
  return names;
};

/** `process.env.NAME` read anywhere in the server's source, outside config.ts (npm's own variables aside). */
const directReads = () => {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith('.ts') && name !== 'config.ts')
        for (const m of readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Za-z_][A-Za-z0-9_]*)/g))
          if (!m[1]!.startsWith('npm_')) found.add(m[1]!);
    }
  };
  walk(src);
  return [...found];
};

describe('README configuration table', () => {
  it('names every variable config.ts reads, and no variable it does not', () => {
    const table = readmeVariables();
    expect(new Set(table).size, 'a variable listed twice').toBe(table.length);
    expect([...table].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('the server reads no environment variable outside config.ts that the table misses', () => {
    const table = new Set(readmeVariables());
    expect(directReads().filter((v) => !table.has(v))).toEqual([]);
  });
});
