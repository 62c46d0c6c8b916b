/**
 * Quantity stepping for Avada's −/+ buttons, with the contract's fixes: the value stays within
 * [max(min, 0), max], never below 0, and is rounded to the step's decimals (0.1 + 0.2 must show 0.3).
 */
export interface QuantityBounds {
  min: number;
  max: number | undefined;
  step: number;
}

function parse(value: string | null | undefined): number {
  if (value === null || value === undefined || value.trim() === '') return NaN;
  return Number(value);
}

function decimals(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const text = String(n);
  const e = /e-(\d+)$/.exec(text);
  if (e) return Number(e[1]);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Step: missing, empty, `any`, NaN or not positive → 1. Min: missing → 0, never below 0. Max: only when set and ≥ 0. */
export function readBounds(attrs: { min: string | null; max: string | null; step: string | null }): QuantityBounds {
  const step = parse(attrs.step);
  const min = parse(attrs.min);
  const max = parse(attrs.max);
  const lower = Number.isFinite(min) ? Math.max(min, 0) : 0;
  return {
    step: Number.isFinite(step) && step > 0 ? step : 1,
    min: lower,
    max: Number.isFinite(max) && max >= 0 ? Math.max(max, lower) : undefined,
  };
}

/**
 * Round away binary noise (0.1 + 0.2) without losing real digits: to the most decimals among the step, the
 * bounds and the value stepped from (1.5 with step 1 must give 2.5, not 3).
 */
function round(value: number, bounds: QuantityBounds, from: number): number {
  const places = Math.min(
    10,
    Math.max(decimals(bounds.step), decimals(bounds.min), bounds.max === undefined ? 0 : decimals(bounds.max), decimals(from)),
  );
  return Number(value.toFixed(places));
}

function clamp(value: number, bounds: QuantityBounds, from: number): number {
  let v = Math.max(value, bounds.min);
  if (bounds.max !== undefined) v = Math.min(v, bounds.max);
  return round(v, bounds, from);
}

/** The value after pressing plus: at or over max → max, else + step. A non-numeric value counts as 0. */
export function increment(current: string, bounds: QuantityBounds): string {
  const v = parse(current);
  const base = Number.isFinite(v) ? v : 0;
  if (bounds.max !== undefined && base >= bounds.max) return String(clamp(bounds.max, bounds, base));
  return String(clamp(base + bounds.step, bounds, base));
}

/** The value after pressing minus: at or under min → min, else − step, never below min or 0. */
export function decrement(current: string, bounds: QuantityBounds): string {
  const v = parse(current);
  const base = Number.isFinite(v) ? v : 0;
  if (base <= bounds.min) return String(clamp(bounds.min, bounds, base));
  return String(clamp(base - bounds.step, bounds, base));
}

/**
 * WooCommerce raises a quantity below a non-negative `min` to `min` on load (not in the cart table, where 0 means
 * remove). Returns the new value, or undefined when nothing changes.
 */
export function raisedToMin(value: string, min: string | null): string | undefined {
  const m = parse(min);
  const v = parse(value);
  if (!Number.isFinite(m) || m < 0 || !Number.isFinite(v)) return undefined;
  return v < m ? String(m) : undefined;
}
