import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PATH, FORM_TOKEN_PLACEHOLDER, HONEYPOT_FIELD } from "~/form-token";
import { estimateLimits, phonePattern } from "~/schemas/estimate-rules";
import type { EstimateActionResult, EstimateField } from "~/schemas/estimate";
import { Toast, type ToastMessage } from "./toast";

const NETWORK_ERROR =
  "We could not reach our server, so your request was not sent. Please check your connection and try again; what you typed is still here.";

/**
 * The routes' clientAction: a failed fetch (offline, server unreachable) or
 * an unexpected answer becomes an error result the form can show, instead of
 * replacing the page with the error screen.
 */
export async function estimateClientAction({ serverAction }: { serverAction: () => Promise<unknown> }): Promise<EstimateActionResult> {
  try {
    return (await serverAction()) as EstimateActionResult;
  } catch (error) {
    const status = typeof error === "object" && error !== null && "status" in error ? Number(error.status) : 0;
    const message =
      status && typeof (error as { data?: unknown }).data === "string"
        ? String((error as { data: string }).data)
        : NETWORK_ERROR;
    return { status: "error", message };
  }
}

/**
 * The estimate request form, on the home page and /contact. Without
 * JavaScript it is a plain form post and the page comes back with the
 * result; with JavaScript it posts in the background, shows a toast, and
 * resets only on success.
 */
export function EstimateForm({ actionData }: { actionData?: EstimateActionResult }) {
  const fetcher = useFetcher<EstimateActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const tokenRef = useRef<HTMLInputElement>(null);
  // The toast shows the latest result until it is dismissed (by its timer or button).
  const [dismissed, setDismissed] = useState<EstimateActionResult | undefined>(undefined);
  const closeToast = useCallback(() => setDismissed(fetcher.data), [fetcher.data]);
  const id = useId();
  const result: EstimateActionResult | undefined = fetcher.data ?? actionData;
  const isSubmitting = fetcher.state !== "idle";
  const fieldErrors = result?.status === "error" ? (result.fieldErrors ?? {}) : {};
  const values = result?.status === "error" && !fetcher.data ? (result.values ?? {}) : {};

  // A form rendered in the browser (not by the server) needs its own token.
  useEffect(() => {
    void ensureFormToken(tokenRef.current);
  }, []);

  // Each finished submission: reset the form (success) or focus the first bad field (error).
  const handled = useRef<EstimateActionResult | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    if (fetcher.data.status === "success") {
      formRef.current?.reset();
      void ensureFormToken(tokenRef.current);
    } else {
      const firstBad = Object.keys(fetcher.data.fieldErrors ?? {})[0];
      if (firstBad) formRef.current?.querySelector<HTMLElement>(`[name="${firstBad}"]`)?.focus();
    }
  }, [fetcher.state, fetcher.data]);

  const latest = fetcher.state === "idle" && fetcher.data !== dismissed ? fetcher.data : undefined;
  const toast = useMemo<ToastMessage | null>(
    () => (latest ? { kind: latest.status === "success" ? "success" : "error", text: latest.message } : null),
    [latest],
  );

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    await ensureFormToken(tokenRef.current);
    await fetcher.submit(form, { method: "post" });
  }

  const field = (name: EstimateField) => {
    const error = fieldErrors[name];
    const errorId = `${id}-${name}-error`;
    return {
      id: `${id}-${name}`,
      name,
      defaultValue: values[name],
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? errorId : undefined,
      error: error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null,
    };
  };
  const nameField = field("from_name");
  const emailField = field("email");
  const phoneField = field("phone");
  const subjectField = field("subject");
  const messageField = field("message");
  const { error: nameError, ...nameProps } = nameField;
  const { error: emailError, ...emailProps } = emailField;
  const { error: phoneError, ...phoneProps } = phoneField;
  const { error: subjectError, ...subjectProps } = subjectField;
  const { error: messageError, ...messageProps } = messageField;

  // Without JavaScript the result is shown in the page, above the form.
  const inlineResult = !fetcher.data && actionData ? actionData : null;

  return (
    <>
      {inlineResult ? (
        <div
          className={`form-result form-result--${inlineResult.status}`}
          role={inlineResult.status === "success" ? "status" : "alert"}
        >
          <p>{inlineResult.message}</p>
        </div>
      ) : null}
      <fetcher.Form method="post" ref={formRef} className="estimate-form" onSubmit={onSubmit} noValidate={false} aria-describedby={`${id}-required-note`}>
        <p className="estimate-form__note" id={`${id}-required-note`}>
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">required</span> are required.
        </p>
        <div className="field">
          <label htmlFor={nameProps.id}>
            Full name <span aria-hidden="true">*</span>
          </label>
          <input {...nameProps} type="text" autoComplete="name" required maxLength={estimateLimits.from_name.max} />
          {nameError}
        </div>
        <div className="field">
          <label htmlFor={emailProps.id}>
            Email <span aria-hidden="true">*</span>
          </label>
          <input {...emailProps} type="email" autoComplete="email" required maxLength={estimateLimits.email.max} />
          {emailError}
        </div>
        <div className="field">
          <label htmlFor={phoneProps.id}>
            Phone <span aria-hidden="true">*</span>
          </label>
          <input
            {...phoneProps}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={estimateLimits.phone.max}
            pattern={phonePattern}
            title="A phone number with area code, like (713) 555-0147"
          />
          {phoneError}
        </div>
        <div className="field">
          <label htmlFor={subjectProps.id}>
            Subject <span aria-hidden="true">*</span>
          </label>
          <input {...subjectProps} type="text" required maxLength={estimateLimits.subject.max} placeholder="e.g. Bathroom remodel" />
          {subjectError}
        </div>
        <div className="field field--wide">
          <label htmlFor={messageProps.id}>Message (optional)</label>
          <textarea {...messageProps} rows={5} maxLength={estimateLimits.message.max} />
          {messageError}
        </div>
        <div className="field--trap" aria-hidden="true">
          <label htmlFor={`${id}-trap`}>Leave this field empty</label>
          <input id={`${id}-trap`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {/* Only the server's HTML carries the placeholder (the host fills in a token). In the
            browser React must not own this value: for a hidden input, defaultValue IS the value, and
            React writes it when it hydrates and on every re-render, which would put the placeholder
            back over the token and make ensureFormToken fetch a brand-new one at submit time, so
            every post would look "sent too fast" and be stored as spam. */}
        <input
          ref={tokenRef}
          type="hidden"
          name={FORM_TOKEN_FIELD}
          defaultValue={typeof document === "undefined" ? FORM_TOKEN_PLACEHOLDER : undefined}
          suppressHydrationWarning
        />
        <div className="estimate-form__actions">
          <button type="submit" className="button button--primary" aria-disabled={isSubmitting || undefined}>
            {isSubmitting ? "Sending…" : "Send request"}
          </button>
        </div>
      </fetcher.Form>
      <Toast toast={toast} onClose={closeToast} />
    </>
  );
}

/**
 * Puts a signed token from the server in the field when the page did not get one: the
 * placeholder was left unfilled, or the form was rendered in the browser (empty field).
 */
async function ensureFormToken(input: HTMLInputElement | null) {
  if (!input || (input.value !== "" && input.value !== FORM_TOKEN_PLACEHOLDER)) return;
  try {
    const response = await fetch(FORM_TOKEN_PATH, { headers: { Accept: "application/json" }, cache: "no-store" });
    if (!response.ok) return;
    const body = (await response.json()) as { token?: unknown };
    if (typeof body.token === "string") {
      input.value = body.token;
      input.defaultValue = body.token;
    }
  } catch {
    // Offline: the post will fail anyway and say so.
  }
}
