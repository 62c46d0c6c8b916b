import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createPortal } from '../../src/react/island';
import { addToken, applyStatus, dismissOutput, outputsOf, removeTokens, resetOutput, setValidity, wrapsOf } from './display';
import { alertKind, validationErrorId } from './logic';
import type { Cf7Display, FieldError, ResponseMessage } from './view-state';

export interface Cf7ViewProps {
  display: Cf7Display;
  form: HTMLFormElement;
  unitTag: string;
  /** Avada's alert markup for the response (src/theme/theme.ts); elsewhere the output holds CF7's plain message. */
  avadaAlerts: boolean;
}

/**
 * What Contact Form 7's script renders, over the server's form: the screen-reader status and error list (this
 * island's own root, `.screen-reader-response`), and through portals the tips in each field's wrap and the
 * response output (CF7's plain message, or Avada's alert where Avada's behaviours run). What CF7 puts on server elements
 * (aria-invalid, aria-describedby, custom validity) is applied by layout effects and undone by their cleanups;
 * the status (data-status, the class, inert) is put on the form by the controller before its event, and a layout
 * effect keeps it in step. The form controller (plain) owns the state.
 */
export function Cf7View({ display, form, unitTag, avadaAlerts }: Cf7ViewProps) {
  const { status, errors, response, announcement, focusOutput } = useStore(display.store);
  const outputs = useMemo(() => outputsOf(form), [form]);

  // The controller already put it there (in the same task as its event); this keeps the view's render in step.
  useLayoutEffect(() => applyStatus(form, status), [form, status]);

  return (
    <>
      <p role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>{' '}
      <ul>
        {errors.map((error) => (
          <ErrorItem key={error.field} form={form} unitTag={unitTag} error={error} />
        ))}
      </ul>
      {errors.map((error) => (
        <FieldErrorView key={error.field} form={form} unitTag={unitTag} error={error} />
      ))}
      {outputs.map((output, i) => (
        <Output key={i} form={form} output={output} response={response} focus={focusOutput} avadaAlerts={avadaAlerts} />
      ))}
    </>
  );
}

/** The screen-reader list's item: a link to the control when it has an id. */
function ErrorItem({ form, unitTag, error }: { form: HTMLFormElement; unitTag: string; error: FieldError }) {
  const controlId = wrapsOf(form, error.field)[0]?.querySelector<HTMLElement>('.wpcf7-form-control')?.id;
  return <li id={validationErrorId(unitTag, error.field)}>{controlId ? <a href={`#${controlId}`}>{error.message}</a> : error.message}</li>;
}

const HIDDEN = { display: 'none' } as const;

/** A field's tip in each of its wraps, and the ARIA and validity on its controls while the error stands. */
function FieldErrorView({ form, unitTag, error }: { form: HTMLFormElement; unitTag: string; error: FieldError }) {
  const { field, message } = error;
  const wraps = useMemo(() => wrapsOf(form, field), [form, field]);
  const floating = wraps.some((wrap) => wrap.closest('.use-floating-validation-tip'));
  // Avada's floating tips step aside once the visitor goes back to the field.
  const [tipHidden, setTipHidden] = useState(false);

  useLayoutEffect(() => {
    const id = validationErrorId(unitTag, field);
    const invalid = wraps.flatMap((wrap) => [...wrap.querySelectorAll('[aria-invalid]')]);
    const controls = wraps.flatMap((wrap) => [...wrap.querySelectorAll('.wpcf7-form-control')]);
    for (const el of invalid) el.setAttribute('aria-invalid', 'true');
    for (const control of controls) {
      control.classList.add('wpcf7-not-valid');
      addToken(control, 'aria-describedby', id);
      setValidity(control, message);
    }
    const hide = () => setTipHidden(true);
    const fields = floating ? wraps.flatMap((wrap) => [...wrap.querySelectorAll('input, textarea, select')]) : [];
    for (const el of fields) el.addEventListener('focus', hide, { once: true });
    return () => {
      for (const el of fields) el.removeEventListener('focus', hide);
      for (const el of invalid) el.setAttribute('aria-invalid', 'false');
      for (const control of controls) {
        control.classList.remove('wpcf7-not-valid');
        removeTokens(control, 'aria-describedby', (t) => t === id);
        setValidity(control, '');
      }
    };
  }, [wraps, unitTag, field, message, floating]);

  return (
    <>
      {wraps.map((wrap, i) =>
        createPortal(
          <span
            className="wpcf7-not-valid-tip"
            aria-hidden="true"
            style={tipHidden ? HIDDEN : undefined}
            onClick={floating ? () => setTipHidden(true) : undefined}
          >
            {message}
          </span>,
          wrap,
          String(i),
        ),
      )}
    </>
  );
}

/**
 * The response output: its text as CF7 shows it, or, where Avada's behaviours run, Avada's alert for errors and
 * successes, with a close button when dismissable.
 */
function Output({
  form,
  output,
  response,
  focus,
  avadaAlerts,
}: {
  form: HTMLFormElement;
  output: HTMLElement;
  response: ResponseMessage | null;
  focus: number;
  avadaAlerts: boolean;
}) {
  const kind = response && avadaAlerts ? alertKind(response.statusCls) : undefined;
  const dismissable = !!kind && output.classList.contains('alert-dismissable');

  useLayoutEffect(() => {
    // Every answer starts from a clean output (a dismissed alert is shown again), even with the same words.
    resetOutput(output);
    if (!response || !kind) return;
    output.classList.add('fusion-alert', ...(kind === 'error' ? ['error', 'fusion-danger'] : ['success', 'fusion-success']));
    // A focusable button must not sit inside aria-hidden: expose the output, hide only the repeated text.
    if (dismissable) output.removeAttribute('aria-hidden');
  }, [output, response, kind, dismissable]);

  const focused = useRef(focus);
  useLayoutEffect(() => {
    if (focus === focused.current) return;
    focused.current = focus;
    if (!response) return;
    output.setAttribute('tabindex', '-1');
    output.removeAttribute('aria-hidden');
    output.focus();
  }, [output, focus, response]);

  let content: ReactNode = null;
  if (response && !kind) content = response.message;
  else if (response) {
    const text = (
      <div className="fusion-alert-content-wrapper" aria-hidden={dismissable ? 'true' : undefined}>
        <span className="alert-icon">
          <i className={`awb-icon fa-lg fa ${kind === 'error' ? 'fa-exclamation-triangle' : 'fa-check-circle'}`} aria-hidden="true" />
        </span>
        <span className="fusion-alert-content">{response.message}</span>
      </div>
    );
    content = dismissable ? (
      <>
        <button
          type="button"
          className="close toggle-alert"
          data-dismiss="alert"
          aria-label="Close"
          onClick={() => dismissOutput(form, output)}
        >
          ×
        </button>
        {text}
      </>
    ) : (
      text
    );
  }
  return createPortal(<>{content}</>, output, String(response?.serial ?? 'none'));
}
