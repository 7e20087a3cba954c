import { useFetcher } from "react-router";
import { Fact } from "#app/components/admin/fact.tsx";
import { useKeepFocus } from "#app/components/admin/in-place-form.tsx";
import { ResendEmailForm } from "#app/components/admin/resend-email-form.tsx";
import type { LeadReplyView } from "#app/components/admin/reply/reply-view.ts";

/** "Replies sent": each reply with its email's delivery, and 'Resend' when it failed or went out. */
export function SentReplies({ action, replies }: { action: string; replies: readonly LeadReplyView[] }) {
  // 'Resend' of a reply posts in place too (ADR 031): the layout's status line says what it did;
  // focus goes to "Replies sent" when the button is not shown while the email is being sent.
  const resendFetcher = useFetcher({ key: "lead-reply-resend" });
  const onResend = useKeepFocus(resendFetcher, { fallback: () => document.getElementById("lead-replies") });
  return (
    <>
      <h3 id="lead-replies" tabIndex={-1}>
        Replies sent
      </h3>
      {replies.length === 0 ? (
        <p className="admin-muted">No replies yet.</p>
      ) : (
        <ol className="admin-list" aria-labelledby="lead-replies">
          {replies.map((sent) => (
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
    </>
  );
}
