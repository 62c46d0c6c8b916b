/** The one place that talks to the console, so every message names its widget and repeats are dropped. */
const PREFIX = '[storefront-islands]';
const said = new Set<string>();

/** Warn once per widget and field: bad input from the page must never flood the console. */
export function warnOnce(owner: string, field: string, message: string): void {
  const key = `${owner}\u0000${field}\u0000${message}`;
  if (said.has(key)) return;
  said.add(key);
  console.warn(`${PREFIX} ${owner}: ${field ? `${field}: ` : ''}${message}`);
}

/** Log a failure once per widget and message. */
export function errorOnce(owner: string, message: string, error?: unknown): void {
  const key = `error\u0000${owner}\u0000${message}`;
  if (said.has(key)) return;
  said.add(key);
  if (error === undefined) console.error(`${PREFIX} ${owner}: ${message}`);
  else console.error(`${PREFIX} ${owner}: ${message}`, error);
}

export function debugLog(message: string, ...rest: unknown[]): void {
  console.info(`${PREFIX} ${message}`, ...rest);
}

/** Tests start from a clean slate. */
export function resetLogMemory(): void {
  said.clear();
}
