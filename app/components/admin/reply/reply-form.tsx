import type { FetcherWithComponents } from "react-router";
import type { LeadReplySectionView, ReplyActionResult } from "#app/components/admin/reply/reply-view.ts";

/** The reply itself (intent `reply`): subject and message, filled in from the template, if any. */
export function ReplyForm({
  action,
  reply,
  fetcher,
  error,
  values,
}: {
  action: string;
  reply: LeadReplySectionView;
  fetcher: FetcherWithComponents<ReplyActionResult>;
  error: string | null;
  values: Record<string, string> | undefined;
}) {
  const busy = fetcher.state !== "idle";
  return (
    // Keyed by the template and the number of replies: a new choice or a sent reply starts the form again.
    <fetcher.Form
      method="post"
      action={action}
      className="admin-stack-form"
      key={`${reply.templateId ?? "none"}-${reply.replies.length}`}
      aria-describedby="reply-who"
    >
      <input type="hidden" name="intent" value="reply" />
      {error ? (
        <div className="admin-alert" role="alert" id="reply-error">
          <p>{error}</p>
        </div>
      ) : null}
      <div className="admin-field">
        <label htmlFor="reply-subject">Subject</label>
        <input
          id="reply-subject"
          name="subject"
          type="text"
          required
          maxLength={reply.limits.subject}
          defaultValue={values?.subject ?? reply.prefill.subject}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "reply-error" : undefined}
        />
      </div>
      <div className="admin-field">
        <label htmlFor="reply-body">Message</label>
        <textarea
          id="reply-body"
          name="body"
          rows={9}
          required
          maxLength={reply.limits.body}
          defaultValue={values?.body ?? reply.prefill.body}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "reply-body-help reply-error" : "reply-body-help"}
        />
        <p className="admin-help" id="reply-body-help">
          At most {reply.limits.body.toLocaleString("en-US")} characters. {"{first_name}"}, {"{service}"}, {"{business_name}"} and{" "}
          {"{business_phone}"} are filled in when it is sent.
        </p>
      </div>
      <button type="submit" className="admin-button" disabled={busy}>
        {busy ? "Sending…" : "Send reply"}
      </button>
    </fetcher.Form>
  );
}
