import { IntentForm } from "./intent-form";
import { emailKindLabels, type EmailJobKind } from "~/schemas/email-job";

/**
 * The 'Resend' button of one email (dashboard and request page). Its accessible name says which
 * email, since a page can list several.
 */
export function ResendEmailForm({
  action,
  jobId,
  kind,
  recipient,
}: {
  action: string;
  jobId: string;
  kind: EmailJobKind;
  /** Named in the accessible label where the page lists emails of several requests. */
  recipient?: string;
}) {
  return (
    <IntentForm intent="resend" action={action} className="admin-inline-form">
      <input type="hidden" name="jobId" value={jobId} />
      <button type="submit" className="admin-button">
        Resend
        <span className="visually-hidden">
          {" "}
          the {emailKindLabels[kind].toLowerCase()}
          {recipient ? ` to ${recipient}` : null}
        </span>
      </button>
    </IntentForm>
  );
}
