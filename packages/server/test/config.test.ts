// Foundation: configuration from the environment; bad configuration is one clear line.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig, parseTrustProxy } from '../src/config';

const dir = () => mkdtempSync(path.join(tmpdir(), 'sd-config-'));

describe('configuration', () => {
  it('has defaults: port 8080, embedded database under DATA_DIR, a generated session secret kept there', () => {
    const dataDir = dir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(dataDir);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Configuration error: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Configuration error: DATABASE_URL must start with postgres/],
    [{ SESSION_SECRET: 'short' }, /^Configuration error: SESSION_SECRET must be at least 32 characters/],
    [{ NODE_ENV: 'staging' }, /^Configuration error: NODE_ENV /],
  ])('refuses %o with one line', (env, message) => {
    const run = () => loadConfig({ DATA_DIR: dir(), ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });

  // TRUST_PROXY names the proxies; `true` no longer means "believe every sender".
  it.each([
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.0/8, 192.168.1.7', ['10.0.0.0/8', '192.168.1.7']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('TRUST_PROXY=%s is read as %o', (raw, parsed) => {
    expect(parseTrustProxy(raw)).toEqual(parsed);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: raw }).trustProxy).toEqual(parsed);
  });

  it.each(['yes', '10.0.0.0/33', '999', 'example.com', '1.2.3'])('refuses TRUST_PROXY=%s', (raw) => {
    expect(() => loadConfig({ DATA_DIR: dir(), TRUST_PROXY: raw })).toThrow(
      /^Configuration error: TRUST_PROXY /,
    );
  });

  it('true trusts loopback and private proxies only; a hop count needs a private nearest proxy', () => {
    expect(fastifyTrustProxy(true)).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    const two = fastifyTrustProxy(2) as (addr: string, hop: number) => boolean;
    expect(two('10.1.2.3', 0)).toBe(true);
    expect(two('::ffff:127.0.0.1', 0)).toBe(true);
    expect(two('203.0.113.5', 0)).toBe(false);
    expect(two('203.0.113.5', 1)).toBe(true);
    expect(two('203.0.113.5', 2)).toBe(false);
  });

  it('ALLOWED_ORIGINS is a list of origins', () => {
    const c = loadConfig({ DATA_DIR: dir(), ALLOWED_ORIGINS: 'https://a.example.com, http://b.local:8080' });
    expect(c.allowedOrigins).toEqual(['https://a.example.com', 'http://b.local:8080']);
    expect(() => loadConfig({ DATA_DIR: dir(), ALLOWED_ORIGINS: 'https://a.example.com/path' })).toThrow(
      /^Configuration error: ALLOWED_ORIGINS /,
    );
  });
});
