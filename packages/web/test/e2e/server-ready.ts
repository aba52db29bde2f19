// The browser project's first setup file (vitest.config.ts): before a test file runs, it waits until the
// server global-setup.ts started answers, that is until its state file is written (the demo seed runs while
// the API projects' files run), and fails the file with the server's own words when it did not start.
import { existsSync } from 'node:fs';
import { inject } from 'vitest';
import { e2eServer } from './browser';

const file = inject('e2eServerFile');
// the global set-up gives up on the server after e2eStartTimeoutMs and writes why: a minute more is a safety net
const deadline = Date.now() + inject('e2eStartTimeoutMs') + 60_000;
while (!existsSync(file)) {
  if (Date.now() > deadline) throw new Error(`the browser tests' server wrote no state to ${file}`);
  await new Promise((r) => setTimeout(r, 250));
}
const state = e2eServer();
if ('error' in state) throw new Error(`the browser tests' server did not start: ${state.error}`);
