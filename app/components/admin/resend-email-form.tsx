import type { FormEvent } from "react";
import { useFetcher } from "react-router";
import { IntentForm } from "#app/components/admin/intent-form.tsx";
import { emailKindLabels, type EmailJobKind } from "#app/schemas/email-job.ts";

/** Posting 'Resend' in place: the key of the fetcher every button of a page shares, and what runs on submit. */
export interface ResendInPlace {
  fetcherKey: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The 'Resend' button of one email (dashboard and request page). Its accessible name says which
 * email, since a page can list several. With `inPlace` it posts through a fetcher (the request's
 * page, ADR 031); without, it is a form whose action redirects (the dashboard). Both work without
 * JavaScript.
 */
export function ResendEmailForm({
  action,
  jobId,
  kind,
  recipient,
  inPlace,
}: {
  action: string;
  jobId: string;
  kind: EmailJobKind;
  /** Named in the accessible label where the page lists emails of several requests. */
  recipient?: string;
  inPlace?: ResendInPlace;
}) {
  const fetcher = useFetcher({ key: inPlace?.fetcherKey });
  const button = (
    <button type="submit" className="admin-button" id={`resend-${jobId}`}>
      Resend
      <span className="visually-hidden">
        {" "}
        the {emailKindLabels[kind].toLowerCase()}
        {recipient ? ` to ${recipient}` : null}
      </span>
    </button>
  );
  if (!inPlace) {
    return (
      <IntentForm intent="resend" action={action} className="admin-inline-form">
        <input type="hidden" name="jobId" value={jobId} />
        {button}
      </IntentForm>
    );
  }
  return (
    <fetcher.Form method="post" action={action} className="admin-inline-form" onSubmit={inPlace.onSubmit}>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="jobId" value={jobId} />
      {button}
    </fetcher.Form>
  );
}
