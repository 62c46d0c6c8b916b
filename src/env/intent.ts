/**
 * Events that say the shopper reaches for a widget's markup: a pointer over it or pressed on it, a touch, focus,
 * a key, a click. The one list: the runtime's `interaction` trigger and the views deferred in src/react/intent.ts
 * share it. Here, in the runtime's shared core, so the entry carries only the list, not the deferral code.
 */
export const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click'] as const;

/**
 * The shopper's first sign of life anywhere on the page, before reaching for anything. A visitor who does nothing
 * (a bot, a tab opened in the background, someone reading) sends none of them. Here beside the intent list, so the
 * runtime's warm-up (src/react/warmup.ts) carries the list without the deferral code.
 */
export const LIFE_EVENTS = ['scroll', 'wheel', 'pointermove', 'pointerdown', 'touchstart', 'keydown'] as const;
