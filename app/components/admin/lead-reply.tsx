import { Form, Link, useFetcher } from "react-router";
import { ResendEmailForm } from "./resend-email-form";
import { useKeepFocus } from "./in-place-form";
import { Fact } from "./fact";

/** What the reply action answers (and, without JavaScript, the page's action data). */
export interface ReplyActionResult {
  intent?: string | null;
  ok?: true;
  message?: string;
  error?: string;
  values?: Record<string, string>;
}

/** One reply sent from the page, with its email's delivery (made by `server/leads/replies.server.ts`). */
export interface LeadReplyView {
  id: string;
  to: string;
  subject: string;
  body: string;
  author: string;
  created: string;
  createdIso: string;
  jobId: string | null;
  status: "pending" | "sending" | "sent" | "failed" | null;
  delivery: string;
  attempts: number;
  sent: string | null;
  sentIso: string | null;
  lastError: string | null;
}

export interface LeadReplySectionView {
  to: string;
  name: string;
  leadInbox: string;
  unavailable: string | null;
  templates: readonly { id: string; name: string }[];
  templateId: string | null;
  notice: string | null;
  prefill: { subject: string; body: string };
  limits: { subject: number; body: number };
  replies: readonly LeadReplyView[];
}

/**
 * "Reply by email": a template picker (a plain GET form: `?template=` fills the form in, with or
 * without JavaScript), the reply form (a fetcher form, intent `reply`: the page stays where it is),
 * what happened in a status line, and the replies sent so far with their delivery and 'Resend'.
 */
export function LeadReply({
  action,
  reply,
  actionData,
}: {
  /** The request's page, where the forms post. */
  action: string;
  reply: LeadReplySectionView;
  /** The page's action data: a reply posted without JavaScript answers here. */
  actionData: ReplyActionResult | undefined;
}) {
  const fetcher = useFetcher<ReplyActionResult>();
  // 'Resend' of a reply posts in place too (ADR 031): the layout's status line says what it did;
  // focus goes to "Replies sent" when the button is not shown while the email is being sent.
  const resendFetcher = useFetcher({ key: "lead-reply-resend" });
  const onResend = useKeepFocus(resendFetcher, { fallback: () => document.getElementById("lead-replies") });
  const pageResult = actionData?.intent === "reply" ? actionData : undefined;
  const result = fetcher.data ?? pageResult;
  const busy = fetcher.state !== "idle";
  const error = result?.error ?? null;
  const values = error ? result?.values : undefined;
  return (
    <section className="admin-section" aria-labelledby="lead-reply">
      <h2 id="lead-reply">Reply by email</h2>
      {reply.unavailable ? (
        <p className="admin-notice">{reply.unavailable}</p>
      ) : (
        <>
          <p className="admin-help" id="reply-who">
            Goes to {reply.name} at <strong className="admin-break">{reply.to}</strong>, from the business's address.
            When they answer, their email comes back to the lead inbox, <span className="admin-break">{reply.leadInbox}</span>.
            Your business name and phone are added at the end.
          </p>
          <Form method="get" action={action} className="admin-inline-form" preventScrollReset>
            <div className="admin-field">
              <label htmlFor="reply-template">Start from a template</label>
              <select id="reply-template" name="template" defaultValue={reply.templateId ?? ""} key={reply.templateId ?? ""}>
                <option value="">No template</option>
                {reply.templates.map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="admin-button admin-button--quiet">
              Use template
            </button>
            <Link to="/admin/replies" className="admin-link-button">
              Manage templates
            </Link>
          </Form>
          {reply.notice ? <p className="admin-notice">{reply.notice}</p> : null}
          {/* Keyed by the template and the number of replies: a new choice or a sent reply starts the form again. */}
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
                At most {reply.limits.body.toLocaleString("en-US")} characters. {"{first_name}"}, {"{service}"},{" "}
                {"{business_name}"} and {"{business_phone}"} are filled in when it is sent.
              </p>
            </div>
            <button type="submit" className="admin-button" disabled={busy}>
              {busy ? "Sending…" : "Send reply"}
            </button>
          </fetcher.Form>
        </>
      )}
      {/* Only while there is something to say: the page-wide status line (admin layout) is the
          live region that is always there; this one keeps the message next to its form. */}
      {result?.ok && result.message ? (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        <div role="status" className="admin-flash admin-flash--inline">
          <p>{result.message}</p>
        </div>
      ) : null}
      <h3 id="lead-replies" tabIndex={-1}>
        Replies sent
      </h3>
      {reply.replies.length === 0 ? (
        <p className="admin-muted">No replies yet.</p>
      ) : (
        <ol className="admin-list" aria-labelledby="lead-replies">
          {reply.replies.map((sent) => (
            <li key={sent.id} className="admin-card">
              <p className="admin-card__title">{sent.subject}</p>
              <p className="admin-card__meta">
                {sent.author}, <time dateTime={sent.createdIso}>{sent.created}</time>
              </p>
              <dl className="admin-facts">
                <Fact term="To" className="admin-break">
                  {sent.to}
                </Fact>
                <Fact term="Delivery">
                  <span className={`job-status job-status--${sent.status ?? "failed"}`}>{sent.delivery}</span>
                </Fact>
                <Fact term="Attempts">{sent.attempts}</Fact>
                <Fact term="Sent">{sent.sent && sent.sentIso ? <time dateTime={sent.sentIso}>{sent.sent}</time> : "Not yet"}</Fact>
                {sent.lastError ? (
                  <Fact term="Last error" className="admin-error-text">
                    {sent.lastError}
                  </Fact>
                ) : null}
              </dl>
              <p className="admin-message">{sent.body}</p>
              {sent.jobId && sent.status !== "sending" ? (
                <ResendEmailForm
                  action={action}
                  jobId={sent.jobId}
                  kind="lead-reply"
                  inPlace={{ fetcherKey: "lead-reply-resend", onSubmit: onResend }}
                />
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
