/**
 * What Contact Form 7 shows of one form, as state: its status, the field errors, the response output and the
 * screen-reader status. The form controller (plain) writes it; the React view (Cf7View.tsx) renders it into the
 * server's markup. The view is loaded only when the form first needs it (the visitor reaches the form, or the
 * state changes): until then the state just accumulates and the view renders it when it mounts, while the plain
 * controller holds the form, its double submit and the draft.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface FieldError {
  field: string;
  message: string;
}

export interface ResponseMessage {
  message: string;
  /** The status class the message answers (it decides Avada's alert kind). */
  statusCls: string;
  /** A new answer, even with the same words: the output is reset and shown again. */
  serial: number;
}

export interface Cf7ViewState {
  status: string;
  /** In the order they were shown (the screen-reader list keeps it). */
  errors: readonly FieldError[];
  response: ResponseMessage | null;
  /** The polite status region's text. */
  announcement: string;
  /** Bumped to move focus to the response output (an invalid answer with no field to focus). */
  focusOutput: number;
}

export class Cf7Display {
  readonly store: StoreApi<Cf7ViewState>;
  /** Set by the view: commit a change to the DOM now (flushSync), so focus and theme code see it at once. */
  commit: (change: () => void) => void = (change) => change();
  /** Called on every change while no view renders it (set by the widget: load the view). */
  wanted: () => void = () => {};
  /** Whether the view renders this state (it sets this when it mounts). */
  rendered = false;
  private serial = 0;

  constructor(
    status: string,
    errors: readonly FieldError[] = [],
    response: Omit<ResponseMessage, 'serial'> | null = null,
    announcement = '',
  ) {
    this.store = createStore<Cf7ViewState>(() => ({
      status,
      errors,
      response: response && { ...response, serial: 0 },
      announcement,
      focusOutput: 0,
    }));
  }

  private set(change: (state: Cf7ViewState) => Partial<Cf7ViewState>): void {
    this.commit(() => this.store.setState(change));
    if (!this.rendered) this.wanted();
  }

  get state(): Cf7ViewState {
    return this.store.getState();
  }

  setStatus(status: string): void {
    this.set(() => ({ status }));
  }

  setFieldError(field: string, message: string): void {
    this.set(({ errors }) => ({ errors: [...errors.filter((e) => e.field !== field), { field, message }] }));
  }

  removeFieldError(field: string): void {
    if (!this.state.errors.some((e) => e.field === field)) return;
    this.set(({ errors }) => ({ errors: errors.filter((e) => e.field !== field) }));
  }

  /** Every field error, the screen-reader texts and the response output. */
  clear(): void {
    this.set(() => ({ errors: [], response: null, announcement: '' }));
  }

  /** Add to the screen-reader status (the original appends). */
  announce(message: string): void {
    if (message) this.set(({ announcement }) => ({ announcement: announcement + message }));
  }

  /** Replace the screen-reader status. */
  say(message: string): void {
    this.set(() => ({ announcement: message }));
  }

  showResponse(message: string, statusCls: string): void {
    this.set(() => ({ response: { message, statusCls, serial: ++this.serial } }));
  }

  focusResponse(): void {
    this.set(({ focusOutput }) => ({ focusOutput: focusOutput + 1 }));
  }
}
