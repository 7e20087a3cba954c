import type { MouseEvent, ReactNode } from "react";
import type { ContactLinks } from "#app/schemas/contact-links.ts";

/** The headings the in-page actions lead to (each section's own id): the anchors without JavaScript. */
export const leadActionTargets = { reply: "lead-reply", schedule: "lead-visit", note: "lead-notes" } as const;

interface BarAction {
  key: "call" | "text" | "reply" | "schedule" | "note";
  href: string;
  /** The visible word, first in the link's name so voice control finds it by what it shows. */
  verb: string;
  /** The rest of the name, for screen readers. */
  rest: string;
  /** The heading of the section whose form the action opens (in-page actions only). */
  target?: string;
}

/**
 * The request's actions, one tap from the top of its page on a phone (ADR 057): Call and Text
 * (tel: and sms:, only when the request has a number to dial), then Reply, Schedule and Note,
 * which lead to their forms on the page. A navigation landmark of plain links, sticky at the top
 * of the window. Without JavaScript the three are anchors to their sections; with it, a tap
 * brings the form into view and puts focus in it (openForm).
 */
export function LeadActionBar({ links, name }: { links: ContactLinks; name: string }) {
  const actions: BarAction[] = [
    ...(links.call ? [{ key: "call", href: links.call, verb: "Call", rest: ` ${name}` } as const] : []),
    ...(links.text ? [{ key: "text", href: links.text, verb: "Text", rest: ` ${name}` } as const] : []),
    { key: "reply", href: `#${leadActionTargets.reply}`, verb: "Reply", rest: " by email", target: leadActionTargets.reply },
    { key: "schedule", href: `#${leadActionTargets.schedule}`, verb: "Schedule", rest: " a visit", target: leadActionTargets.schedule },
    { key: "note", href: `#${leadActionTargets.note}`, verb: "Note", rest: " – add an internal note", target: leadActionTargets.note },
  ];
  return (
    <nav className="admin-lead-bar" aria-label="Request actions">
      <ul className="admin-lead-bar__list">
        {actions.map((action) => (
          <li key={action.key}>
            <a
              href={action.href}
              className={`admin-lead-bar__link admin-lead-bar__link--${action.key}`}
              onClick={action.target ? (event) => openForm(event, action.target!) : undefined}
            >
              {icons[action.key]}
              {/* One box for the words: a flex item of its own would add a space to the link's name. */}
              <span className="admin-lead-bar__verb">
                {action.verb}
                <span className="visually-hidden">{action.rest}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Brings a section's form into view and puts focus where the admin types: the first required
 * field still empty (the reply's message, a note's text), else the form's first field (the visit's
 * day). A section without a form (a reply that cannot be sent) gets focus on its heading, which
 * says why. The link's own jump is what happens when this cannot run.
 */
function openForm(event: MouseEvent<HTMLAnchorElement>, headingId: string): void {
  const heading = document.getElementById(headingId);
  const section = heading?.closest("section");
  if (!heading || !section) return;
  event.preventDefault();
  const fields = [
    ...section.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
      'form[method="post"] :is(input:not([type="hidden"], [type="checkbox"]), textarea, select)',
    ),
  ];
  const field = fields.find((f) => f.required && f.value === "") ?? fields[0];
  const behavior = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  if (field) {
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: "center", behavior });
  } else {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: "start", behavior });
  }
}

/** Small line icons (24 px grid), drawn in the link's colour; the word beside each says what it does. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="admin-lead-bar__icon"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const icons: Record<BarAction["key"], ReactNode> = {
  call: (
    <Icon>
      <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2" />
    </Icon>
  ),
  text: (
    <Icon>
      <path d="M4 5h16v11H10l-6 4z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </Icon>
  ),
  reply: (
    <Icon>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </Icon>
  ),
  schedule: (
    <Icon>
      <rect x="4" y="5" width="16" height="16" rx="2" />
      <path d="M8 3v4M16 3v4M4 10h16" />
    </Icon>
  ),
  note: (
    <Icon>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="m13.5 6.5 4 4" />
    </Icon>
  ),
};
