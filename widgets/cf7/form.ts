/**
 * One Contact Form 7 form, created by the widget for each `.wpcf7` wrapper: the parts, each owning one concern,
 * wired together. The status (status.ts), what the visitor does before sending (editing.ts), sending and the
 * answer (submit.ts), reset and refill (reset.ts); what the form shows is the view's state (view-state.ts).
 */
import { warnOnce } from '../../src/log';
import { WIDGET, type Cf7Config, type Schema } from './api';
import { labelFreeText, updateAcceptanceGate, updateCounters, updateFreeText } from './behaviours';
import { createDraft } from './draft';
import { createEditing, type Editing } from './editing';
import { readIdentity, type FormIdentity, type SubmitDetail } from './identity';
import type { FormParts } from './parts';
import { readPrinted } from './printed';
import { createReset, type Reset } from './reset';
import { adoptPrinted, createStatus } from './status';
import { createSubmission, type Submission } from './submit';
import { Cf7Display } from './view-state';

export { clearPrinted } from './printed';
export type { FormIdentity, FormState, SubmitDetail } from './identity';

export class FormController {
  readonly identity: FormIdentity;
  /** What the form shows (status, errors, response): rendered by the React view. */
  readonly display: Cf7Display;
  /**
   * Loads and mounts the view (set by the widget); resolves false when it cannot load. A submit waits for it, so
   * theme code listening to the events sees the form as the events describe it.
   */
  loadView: () => Promise<boolean> = () => Promise.resolve(true);
  private schema: Schema | undefined;
  private readonly parts: FormParts;
  private readonly editing: Editing;
  private readonly reset: Reset;
  private readonly sending: Submission;

  constructor(
    readonly form: HTMLFormElement,
    readonly wrapper: Element,
    config: Cf7Config,
    signal: AbortSignal,
  ) {
    const identity = (this.identity = readIdentity(form, wrapper));
    if (!identity.contactFormId) warnOnce(WIDGET, '_wpcf7', 'the form has no id; it is sent without JavaScript');
    const draft = createDraft(form, identity.contactFormId, identity.unitTag, location.pathname);
    // A non-JS postback arrives with its status, errors and values: adopt them.
    const printed = adoptPrinted(form, wrapper, identity);
    const display = (this.display = new Cf7Display(printed, ...readPrinted(form, wrapper, printed)));
    const status = createStatus(form, identity, display);
    this.parts = { form, identity, config, signal, display, status, draft };
    this.editing = createEditing(this.parts, () => this.schema);
    this.reset = createReset(this.parts);
    this.sending = createSubmission(this.parts, {
      loadView: () => this.loadView(),
      explainAcceptance: () => this.editing.explainAcceptance(),
      afterMailSent: () => this.reset.afterMailSent(),
    });
  }

  get busy(): boolean {
    return this.sending.busy;
  }

  /** Start: listeners, the schema on its way (the page's, for this form's id), drafts, helpers' first state. */
  start(schemaOnItsWay?: Promise<Schema | undefined>): void {
    const { form, signal, draft, status } = this.parts;
    if (schemaOnItsWay) {
      void schemaOnItsWay.then((schema) => {
        if (signal.aborted || !schema) return;
        this.schema = schema;
        if (form.wpcf7) form.wpcf7.schema = schema;
      });
    }
    if (status.get() === 'sent') draft.clear();
    else if (status.get() === 'init' && draft.restore()) updateCounters(form);
    labelFreeText(form);
    updateFreeText(form);
    updateCounters(form);
    updateAcceptanceGate(form);
    this.editing.listen();
    this.reset.listen();
  }

  /** `wpcf7.validate(form, {target})`: the fields up to the target, or every field. */
  validateAround(target?: Element): void {
    this.editing.validate(target);
  }

  onSubmitEvent(event: SubmitEvent): void {
    this.sending.onSubmitEvent(event);
  }

  /** `wpcf7.submit(form, {submitter})`. */
  submit(submitter?: HTMLElement): Promise<void> {
    return this.sending.submit(submitter);
  }

  /** `wpcf7.reset(form)`: the response cleared, `resetting`, the refill, then `init`/`sent` and `wpcf7reset`. */
  resetSequence(valuesReset = false): void {
    this.reset.sequence(valuesReset);
  }

  /** The refill of quiz and captcha (a cached page's, after load); with `resetDetail`, a reset's end. */
  refill(resetDetail?: SubmitDetail, valuesReset = true): Promise<void> {
    return this.reset.refill(resetDetail, valuesReset);
  }
}
