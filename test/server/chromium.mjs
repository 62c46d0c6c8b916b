import { accessSync, constants, existsSync, statfsSync } from 'node:fs';

/**
 * The one Chromium the browser tests and the benches launch: Debian's build (never a downloaded one) and the
 * flags that keep it quiet and deterministic in CI (no sandbox as root, no GPU, no background traffic).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The browser tests' Chromium: `CHROMIUM_PATH` when set, else Debian's `chromium-headless-shell` when installed
 * (the same Chromium 156 engine without the browser's windows and UI, which Playwright itself runs headless tests
 * in: about 30 % less CPU per test here), else Debian's `chromium`. The benches keep the whole browser.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // Chromium 156's headless mode is the whole browser: every new window (each browser context) loaded two WebUI
  // pages for the omnibox popup in a renderer of their own, about a third of a second of CPU per context on this
  // machine, for a popup no test or bench ever opens. Extensions are none here; not loading their machinery
  // saves a little more. Neither changes what a page under test does.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,OmniboxAimPopup,PreloadTopChromeWebUI',
  '--disable-extensions',
];

/**
 * `--disable-dev-shm-usage` (asked for containers whose /dev/shm is tiny) puts Chromium's shared memory in the
 * temporary directory, which here is the disk: the compositor's and the IPC's buffers then cost system time.
 * Where /dev/shm is a real tmpfs with room, Chromium's temporary directory goes there instead; the flag stays.
 */
export const CHROMIUM_ENV = roomyShm() ? { ...process.env, TMPDIR: '/dev/shm' } : undefined;

function roomyShm() {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    accessSync('/dev/shm', constants.W_OK);
    return bavail * bsize > 1024 ** 3;
  } catch {
    return false;
  }
}
