/** The slice of jQuery we talk to. We never load jQuery; we use the page's when a theme brought one. */
export interface JQueryEventLike {
  isDefaultPrevented?: () => boolean;
  result?: unknown;
}
export interface JQueryCollection {
  trigger(name: string, args?: unknown[]): JQueryCollection;
  triggerHandler(name: string, args?: unknown[]): unknown;
  on(name: string, handler: (event: JQueryEventLike, ...args: unknown[]) => unknown): JQueryCollection;
  off(name: string, handler: (event: JQueryEventLike, ...args: unknown[]) => unknown): JQueryCollection;
  [index: number]: Element;
  length: number;
}
export interface JQueryStatic {
  (target: EventTarget | Element | Document | Window): JQueryCollection;
  fn: Record<string, unknown>;
  [key: string]: unknown;
}

export function pageJQuery(): JQueryStatic | undefined {
  const jq = (globalThis as unknown as { jQuery?: unknown }).jQuery;
  return typeof jq === 'function' && typeof (jq as { fn?: unknown }).fn === 'object' ? (jq as JQueryStatic) : undefined;
}
