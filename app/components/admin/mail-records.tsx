import { useState, useSyncExternalStore } from "react";

/** One DNS record as the email page shows it (built by app/server/mail/mail-dns.server.ts). */
export interface MailRecordView {
  kind: "spf" | "dkim" | "dmarc";
  type: "TXT";
  name: string;
  value: string | null;
  note: string;
  state: "present" | "missing" | "differs" | "unchecked" | "no-key";
  found: string[];
  detail: string;
}

const LABEL: Record<MailRecordView["kind"], string> = { spf: "SPF", dkim: "DKIM", dmarc: "DMARC" };
const PURPOSE: Record<MailRecordView["kind"], string> = {
  spf: "which servers may send your mail",
  dkim: "the site's signature on every email",
  dmarc: "what receivers do with mail that fails",
};
const STATE_TEXT: Record<MailRecordView["state"], string> = {
  present: "Published",
  missing: "Missing",
  differs: "Not as it should be",
  unchecked: "Could not check",
  "no-key": "No key yet",
};

/** Done: the checklist's green; anything else: its amber. Status is in words, colour only helps. */
const tone = (state: MailRecordView["state"]) => (state === "present" ? "done" : state === "unchecked" ? "optional" : "todo");

/**
 * The three records to publish, each with its state, its name and value in fields a person can
 * select (and, with JavaScript, copy with one tap), and what it is for.
 */
export function MailRecords({ records }: { records: MailRecordView[] }) {
  return (
    <ul className="checklist">
      {records.map((record) => (
        <li key={record.kind} className={`checklist__item checklist__item--${tone(record.state)}`}>
          <h3 className="checklist__head">
            <span className={`checklist__status checklist__status--${tone(record.state)}`}>
              <span aria-hidden="true">{record.state === "present" ? "✓ " : "! "}</span>
              {STATE_TEXT[record.state]}
            </span>{" "}
            <span className="checklist__label">
              {LABEL[record.kind]}: {PURPOSE[record.kind]}
            </span>
          </h3>
          <p className="checklist__detail">{record.detail}</p>
          {record.value !== null ? (
            <>
              <CopyField id={`${record.kind}-name`} label={`${LABEL[record.kind]} record name (host)`} value={record.name} />
              <p>
                Type: <strong>{record.type}</strong>
              </p>
              <CopyField id={`${record.kind}-value`} label={`${LABEL[record.kind]} record value`} value={record.value} long />
            </>
          ) : null}
          <p className="admin-help">{record.note}</p>
        </li>
      ))}
    </ul>
  );
}

/** Nothing to subscribe to: whether the clipboard exists does not change. */
const noSubscription = () => () => {};

function CopyField({ id, label, value, long = false }: { id: string; label: string; value: string; long?: boolean }) {
  // False on the server and before hydration, so both render the same first; without JavaScript the field is there to select.
  const canCopy = useSyncExternalStore(
    noSubscription,
    () => Boolean(navigator.clipboard),
    () => false,
  );
  const [copied, setCopied] = useState(false);
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {long ? (
        <textarea id={id} readOnly rows={3} value={value} className="admin-break" />
      ) : (
        <input id={id} type="text" readOnly value={value} />
      )}
      {canCopy ? (
        <p>
          <button
            type="button"
            className="admin-button admin-button--quiet"
            aria-describedby={`${id}-copied`}
            onClick={() => {
              void navigator.clipboard.writeText(value).then(
                () => setCopied(true),
                () => (document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null)?.select(),
              );
            }}
          >
            Copy
          </button>{" "}
          {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
          <span id={`${id}-copied`} role="status" className="admin-help">
            {copied ? "Copied" : ""}
          </span>
        </p>
      ) : null}
    </div>
  );
}
