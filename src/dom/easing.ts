/** Easing curves (t in [0, 1] → progress in [0, 1]), the ones Avada's scroll animations use. Pure. */
export type Easing = (t: number) => number;

const clamp01 = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t);

export const linear: Easing = (t) => clamp01(t);
export const easeInExpo: Easing = (t) => {
  const x = clamp01(t);
  return x === 0 ? 0 : 2 ** (10 * (x - 1));
};
export const easeOutExpo: Easing = (t) => {
  const x = clamp01(t);
  return x === 1 ? 1 : 1 - 2 ** (-10 * x);
};
export const easeInOutExpo: Easing = (t) => {
  const x = clamp01(t);
  if (x === 0 || x === 1) return x;
  return x < 0.5 ? 2 ** (20 * x - 10) / 2 : (2 - 2 ** (-20 * x + 10)) / 2;
};
/** jQuery's default `swing` easing, which WooCommerce's scroll animations use. */
export const swing: Easing = (t) => 0.5 - Math.cos(clamp01(t) * Math.PI) / 2;
