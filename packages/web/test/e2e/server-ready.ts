// The browser project's first setup file (vitest.config.ts): before a test file runs, it waits until this worker's
// server (global-setup.ts starts one per worker) answers, that is until its state file is written (the demo seed
// runs while the API projects' files run), and fails the file with the server's own words when it did not start.
// The wait is on the file's arrival in its folder (fs.watch: the set-up renames it there whole), not a poll.
import { existsSync, watch } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { e2eServer, workerServer } from './browser';

const { stateFile } = workerServer();
// the global set-up gives up on the server after e2eStartTimeoutMs and writes why: a minute more is a safety net
const limitMs = inject('e2eStartTimeoutMs') + 60_000;
await new Promise<void>((resolve, reject) => {
  const arrived = () => {
    if (!existsSync(stateFile)) return;
    clearTimeout(timer);
    watcher.close();
    resolve();
  };
  // watched before the first look: a file written between the look and the watch is not missed
  const watcher = watch(path.dirname(stateFile), arrived);
  const timer = setTimeout(() => {
    watcher.close();
    reject(new Error(`the browser tests' server wrote no state to ${stateFile} within ${limitMs / 1000} s`));
  }, limitMs);
  arrived();
});
const state = e2eServer();
if ('error' in state) throw new Error(`the browser tests' server did not start: ${state.error}`);
