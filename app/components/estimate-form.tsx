import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PATH, FORM_TOKEN_PLACEHOLDER, HONEYPOT_FIELD } from "~/form-token";
import { estimateLimits, phonePattern } from "~/schemas/estimate-rules";
import type { EstimateActionResult, EstimateField } from "~/schemas/estimate";
import { FormField } from "./form-field";
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
      // A used token sent again marks the next request "needs review": fetch a fresh one.
      if (tokenRef.current) {
        tokenRef.current.value = "";
        tokenRef.current.defaultValue = "";
      }
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

  // What each field shares: its name and length limit, what a no-JS post typed into it, the server's error.
  const field = (name: EstimateField) => ({
    name,
    maxLength: estimateLimits[name].max,
    defaultValue: values[name],
    error: fieldErrors[name],
  });
  // The fields the note above the form explains: required, and marked with a *.
  const requiredField = (name: EstimateField) => ({ ...field(name), required: true, markRequired: true });

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
        <FormField {...requiredField("from_name")} label="Full name" type="text" autoComplete="name" />
        <FormField {...requiredField("email")} label="Email" type="email" autoComplete="email" />
        <FormField
          {...requiredField("phone")}
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          pattern={phonePattern}
          title="A phone number with area code, like (713) 555-0147"
        />
        <FormField {...requiredField("subject")} label="Subject" type="text" placeholder="e.g. Bathroom remodel" />
        <FormField {...field("message")} label="Message (optional)" multiline rows={5} className="field--wide" />
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
