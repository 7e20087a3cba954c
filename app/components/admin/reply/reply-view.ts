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
  /** For a homeowner who prefers Spanish: which version of the template was filled in (ADR 064). */
  language: string | null;
  prefill: { subject: string; body: string };
  limits: { subject: number; body: number };
  replies: readonly LeadReplyView[];
}
