import { NavLink } from "react-router";
import type { AdminActionError } from "#app/schemas/admin-action.ts";

/** What a /admin/site form's action answers when it refuses: the message, what was typed, and each field's problem. */
export interface SiteFormResult extends AdminActionError {
  fieldErrors?: Record<string, string>;
}

const sections = [
  { to: "/admin/site", label: "Business details", end: true },
  { to: "/admin/site/texts", label: "Texts", end: false },
  { to: "/admin/site/testimonials", label: "Testimonials", end: false },
  { to: "/admin/site/photos", label: "Photos", end: false },
] as const;

/**
 * The top of every /admin/site page: where you are, the page's title, and the four parts of
 * the site the owner sets (large tap targets, wrapping on a phone).
 */
export function SiteHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <header className="site-head">
      <p className="eyebrow">Your site</p>
      <h1>{title}</h1>
      <nav aria-label="Your site" className="site-tabs">
        <ul>
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </header>
  );
}

/** "March 14, 2026" from "2026-03-14" (a calendar date: no time zone moves it). */
export function formatCalendarDate(isoDay: string): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
}
