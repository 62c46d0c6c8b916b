/**
 * What the visitor does in a form before sending it: the helpers that follow each change (URL prefix, exclusive
 * checkboxes, free text, character counts, the acceptance gate), the draft, validation on change, and the gated
 * submit button explaining itself.
 */
import type { Schema } from './api';
import {
  applyExclusive,
  applyUrlPrefix,
  blockingAcceptance,
  UNACCEPTED_TEXT,
  updateAcceptanceGate,
  updateCounters,
  updateFreeText,
} from './behaviours';
import type { FormParts } from './parts';
import { validateAround } from './validation';

export interface Editing {
  /** Add the listeners (the widget's start). */
  listen(): void;
  /**
   * Validate on a control's change (validation.ts); without a target (`wpcf7.validate(form)`, as the plugin's API
   * allows) every field. Nothing before the schema has arrived.
   */
  validate(target?: Element): void;
  /** A gated submit explains itself: focus the box that blocks and say why. True when it blocked. */
  explainAcceptance(): boolean;
}

export function createEditing(parts: FormParts, schema: () => Schema | undefined): Editing {
  const { form, display, status, draft, signal } = parts;
  let pointerDown = false;
  let deferred: Element | undefined;

  const validate = (target?: Element): void => {
    const rules = schema();
    if (rules) validateAround(form, rules, display, status, target);
  };

  const explainAcceptance = (): boolean => {
    const box = blockingAcceptance(form);
    if (!box || !form.querySelector('.wpcf7-submit[aria-disabled="true"]')) return false;
    display.say(UNACCEPTED_TEXT);
    box.focus();
    return true;
  };

  const onChange = (event: Event): void => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    applyUrlPrefix(target);
    applyExclusive(target);
    updateFreeText(form, target);
    if (!target.closest('.wpcf7-form-control')) {
      // Only a control's change validates (the plugin's own listener).
    } else if (pointerDown) {
      // The change came from pressing on another control: tips inserted now would move that control away
      // before the press ends and the click would be lost. Show them once the press is over.
      deferred = target;
    } else {
      validate(target);
    }
    updateAcceptanceGate(form);
    draft.save();
  };

  const trackPointer = (): void => {
    form.addEventListener('pointerdown', () => (pointerDown = true), { signal, capture: true });
    const release = () => {
      if (!pointerDown) return;
      // After the click that follows this pointerup has been dispatched.
      setTimeout(() => {
        pointerDown = false;
        const target = deferred;
        deferred = undefined;
        if (target && !signal.aborted && target.isConnected) validate(target);
      }, 0);
    };
    document.addEventListener('pointerup', release, { signal, capture: true });
    document.addEventListener('pointercancel', release, { signal, capture: true });
  };

  const onInput = (event: Event): void => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const name = target.getAttribute('name');
    if (name) updateCounters(form, name);
    if (event.type === 'input') draft.save();
  };

  const onClick = (event: MouseEvent): void => {
    const submit = event.target instanceof Element ? event.target.closest('.wpcf7-submit') : null;
    if (!submit || submit.getAttribute('aria-disabled') !== 'true') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    explainAcceptance();
  };

  return {
    listen() {
      trackPointer();
      form.addEventListener('change', onChange, { signal });
      form.addEventListener('input', onInput, { signal });
      form.addEventListener('keyup', onInput, { signal });
      form.addEventListener('click', onClick, { signal, capture: true });
    },
    validate,
    explainAcceptance,
  };
}
