import { useFetcher } from "react-router";
import { ReplyForm } from "#app/components/admin/reply/reply-form.tsx";
import type { LeadReplySectionView, ReplyActionResult } from "#app/components/admin/reply/reply-view.ts";
import { SentReplies } from "#app/components/admin/reply/sent-replies.tsx";
import { TemplatePicker } from "#app/components/admin/reply/template-picker.tsx";

export type { LeadReplySectionView, LeadReplyView, ReplyActionResult } from "#app/components/admin/reply/reply-view.ts";

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
  const pageResult = actionData?.intent === "reply" ? actionData : undefined;
  const result = fetcher.data ?? pageResult;
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
            Goes to {reply.name} at <strong className="admin-break">{reply.to}</strong>, from the business's address. When they answer,
            their email comes back to the lead inbox, <span className="admin-break">{reply.leadInbox}</span>. Your business name and phone
            are added at the end.
          </p>
          <TemplatePicker action={action} reply={reply} />
          {reply.notice ? <p className="admin-notice">{reply.notice}</p> : null}
          {reply.language ? <p className="admin-help admin-reply-language">{reply.language}</p> : null}
          <ReplyForm action={action} reply={reply} fetcher={fetcher} error={error} values={values} />
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
      <SentReplies action={action} replies={reply.replies} />
    </section>
  );
}
