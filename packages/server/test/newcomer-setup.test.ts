import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { build } from './helpers';

// npm's own range rules (semver is installed with the toolchain; no types needed for two calls)
const semver = createRequire(import.meta.url)('semver') as {
  satisfies: (version: string, range: string) => boolean;
  minVersion: (range: string) => { version: string } | null;
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

// and 20: what a newcomer trips over when installing and running Shopdesk.
describe('newcomer set-up', () => {
  it('every installed package runs on the Node version the README and package.json name (no EBADENGINE)', () => {
    const range = JSON.parse(read('package.json')).engines.node as string; // ">=20.19"
    const minimum = semver.minVersion(range)!.version;
    const [major, minor] = minimum.split('.');
    expect(read('README.md')).toContain(`Node.js ${major}.${minor} or newer`);
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { engines?: unknown; optional?: boolean }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => typeof (p.engines as { node?: unknown })?.node === 'string')
      .filter(([, p]) => !semver.satisfies(minimum, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name} wants node ${(p.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it('logs one line per request with method, url, status and time; health checks only at debug', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const t = await build({ logger: { level: 'info', stream }, manualClose: true });
    lines.length = 0; // start-up lines (mailer, printer, web build)
    try {
      await t.app.inject({ url: '/console/apis/health' });
      expect(lines, JSON.stringify(lines)).toEqual([]);
      await t.app.inject({ url: '/console/apis/session' });
      expect(lines, JSON.stringify(lines)).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 30,
        method: 'GET',
        url: '/console/apis/session',
        msg: 'request',
      });
      expect(typeof lines[0]!.statusCode).toBe('number');
      expect(typeof lines[0]!.responseTime).toBe('number');
      lines.length = 0;
      t.app.log.level = 'debug';
      await t.app.inject({ url: '/console/apis/health' });
      expect(lines.filter((l) => l.url === '/console/apis/health')).toEqual([
        expect.objectContaining({ level: 20, statusCode: 200, msg: 'request' }),
      ]);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('bench/shop-list.mjs --seed seeds the shops without orders', () => {
    const bench = read('bench/shop-list.mjs');
    const command = bench.match(/const SEED_COMMAND = (\[.*\]);/)?.[1];
    expect(command).toContain("'--orders', '0'");
    expect(bench).toContain("sh('npm', SEED_COMMAND");
  });
});
