// Where the browser tests' Chromium is and how it starts: shared by the global set-up, which starts one per worker,
// and browser.ts, which connects to it (or launches its own when there is none).

/** Debian's chromium (apt-get install chromium); without it the browser tests are skipped. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
