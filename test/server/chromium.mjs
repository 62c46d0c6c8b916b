/**
 * The one Chromium the browser tests and the benches launch: Debian's build (never a downloaded one) and the
 * flags that keep it quiet and deterministic in CI (no sandbox as root, no GPU, no background traffic).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
