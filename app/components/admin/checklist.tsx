import { Link } from "react-router";
import { IntentForm } from "#app/components/admin/intent-form.tsx";

/** One go-live item as the dashboard shows it (built by app/server/site/checklist.server.ts). */
interface ChecklistItem {
  id: string;
  label: string;
  status: "done" | "todo" | "optional";
  detail: string;
  fix: string;
  href: string | null;
  /** The server itself is in trouble (disk, data folder, a failing mail server): said first on the dashboard. */
  urgent: boolean;
  /** Things still missing by kind, each with its page (what the owner wrote without its Spanish). */
  missing?: MissingGroup[];
}

/** One kind of thing missing (app/server/site/checklist-spanish.server.ts): the first few, "and N more". */
interface MissingGroup {
  kind: string;
  title: string;
  count: number;
  items: { label: string; href: string }[];
  more: { count: number; href: string; label: string } | null;
}

/** The outcome of the last "Send a test email", in words. */
interface TestEmailView {
  outcome: "delivered" | "written-to-file" | "failed" | "retrying" | "queued";
  message: string;
}

const STATUS_TEXT: Record<ChecklistItem["status"], string> = { done: "Done", todo: "To do", optional: "Optional" };

const LINK_TEXT: Record<string, string> = {
  "/admin/site": "Open the site settings",
  "/admin/gallery": "Open the gallery",
  "/admin/email": "Open the email page",
  "/admin/site/texts": "Open the texts",
};

/**
 * The go-live checklist: each item's status in words (the colour only helps), what is the case
 * now, and the fix in one sentence with a link to the page that fixes it. The test email button
 * sits with the email item; its result is read out when the page comes back.
 */
export function GoLiveChecklist({ items, testEmail }: { items: ChecklistItem[]; testEmail: TestEmailView | null }) {
  const open = items.filter((item) => item.status === "todo").length;
  return (
    <section className="admin-section" aria-labelledby="go-live">
      <h2 id="go-live">Go-live checklist</h2>
      <p>
        {open === 0
          ? "Everything a visitor needs is in place."
          : `${open === 1 ? "One thing" : `${open} things`} to do before the site goes live.`}
      </p>
      <ul className="checklist">
        {items.map((item) => (
          <li key={item.id} className={`checklist__item checklist__item--${item.status}`}>
            <p className="checklist__head">
              <span className={`checklist__status checklist__status--${item.status}`}>
                <span aria-hidden="true">{item.status === "done" ? "✓ " : item.status === "todo" ? "! " : "○ "}</span>
                {STATUS_TEXT[item.status]}
              </span>{" "}
              <strong className="checklist__label">{item.label}</strong>
            </p>
            <p className="checklist__detail">{item.detail}</p>
            {item.status !== "done" ? (
              <p className="checklist__fix">
                <span className="checklist__fix-label">Fix: </span>
                {item.fix}
                {item.href ? (
                  <>
                    {" "}
                    <Link to={item.href}>{LINK_TEXT[item.href] ?? "Open the page"}</Link>
                  </>
                ) : null}
              </p>
            ) : null}
            {item.status !== "done" && item.missing && item.missing.length > 0 ? <MissingList item={item} missing={item.missing} /> : null}
            {item.id === "mail" ? <TestEmailForm result={testEmail} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What is missing, by kind with its count: each named thing links to where it is fixed, and a
 * long kind ends with "and N more" linking to its whole list, so the page stays short.
 */
function MissingList({ item, missing }: { item: ChecklistItem; missing: MissingGroup[] }) {
  return (
    <ul className="checklist__missing" aria-label={`Missing: ${item.label}`}>
      {missing.map((group) => (
        <li key={group.kind} className="checklist__missing-kind">
          <span id={`missing-${item.id}-${group.kind}`} className="checklist__missing-title">
            {group.title}
          </span>
          <ul aria-labelledby={`missing-${item.id}-${group.kind}`}>
            {group.items.map((missingItem) => (
              <li key={missingItem.href}>
                <Link to={missingItem.href}>{missingItem.label}</Link>
              </li>
            ))}
            {group.more ? (
              <li>
                <Link to={group.more.href}>{group.more.label}</Link>
              </li>
            ) : null}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function TestEmailForm({ result }: { result: TestEmailView | null }) {
  const tone = !result ? "" : result.outcome === "delivered" ? "ok" : result.outcome === "queued" ? "waiting" : "problem";
  return (
    <div className="checklist__test">
      <IntentForm intent="test-email" action="/admin?index" className="checklist__test-form">
        <button type="submit" className="admin-button admin-button--quiet">
          Send a test email
        </button>
        <span className="admin-help">It goes to the estimate-request inbox, through the outbox, like a real request.</span>
      </IntentForm>
      {/* Present from the start, so a result that appears is read out. */}
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
      <div role="status" className="checklist__result-slot">
        {result ? (
          <p id="test-email-result" className={`checklist__result checklist__result--${tone}`}>
            {result.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * What needs the owner now on a site that may already be live (the server's disk or data folder,
 * ADR 044; a mail server that fails, with how many emails wait, since when and why, ADR 055): the
 * first thing on the dashboard, each problem with its fix, before the requests.
 * Nothing is shown while all is well.
 */
export function NeedsYouNow({ items }: { items: ChecklistItem[] }) {
  const urgent = items.filter((item) => item.urgent);
  if (urgent.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="needs-you-now">
      <h2 id="needs-you-now">Needs you now</h2>
      {urgent.map((item) => (
        <div key={item.id} className="admin-notice">
          <p>
            <span aria-hidden="true">! </span>
            <strong>{item.detail}</strong>
          </p>
          <p>Fix: {item.fix}</p>
        </div>
      ))}
    </section>
  );
}
