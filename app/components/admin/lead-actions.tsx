import type { ContactLinks, Waiting } from "#app/schemas/contact-links.ts";

/**
 * Call, Text, Email and Directions as large links (44 px and more), for answering a request in
 * one tap on a phone. Each link's name says who ("Call Maria Gonzalez"): the visible word starts
 * it, so voice control finds it by what it shows. A link with nothing to open is left out.
 */
export function LeadActions({ links, name }: { links: ContactLinks; name: string }) {
  const actions: { key: string; href: string | null; verb: string; rest: string; external?: boolean }[] = [
    { key: "call", href: links.call, verb: "Call", rest: name },
    { key: "text", href: links.text, verb: "Text", rest: name },
    { key: "email", href: links.mailto, verb: "Email", rest: name },
    { key: "directions", href: links.directions, verb: "Directions", rest: `to ${name}`, external: true },
  ];
  return (
    // Plain links, not a list: an inbox card is itself a list item, and its items stay the requests.
    <div className="admin-taps">
      {actions
        .filter((action) => action.href !== null)
        .map((action) => (
          <a
            key={action.key}
            href={action.href!}
            className={`admin-tap admin-tap--${action.key}`}
            {...(action.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            {action.verb}
            <span className="visually-hidden"> {action.rest}</span>
            {action.external ? <span className="visually-hidden"> (opens a map in a new tab)</span> : null}
          </a>
        ))}
    </div>
  );
}

/** "waiting 3 h", and past 24 hours a visible mark that says so in words. */
export function WaitingMark({ waiting }: { waiting: Waiting | null }) {
  if (!waiting) return null;
  return waiting.overdue ? (
    <span className="admin-waiting admin-waiting--overdue">
      <strong>Waiting over 24 hours</strong> ({waiting.label})
    </span>
  ) : (
    <span className="admin-waiting">{waiting.label}</span>
  );
}
