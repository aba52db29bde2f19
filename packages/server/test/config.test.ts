// Foundation: configuration from the environment; bad configuration is one clear line.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

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
});
