import { NavLink } from "react-router";
import { legalLinks } from "#app/content/navigation.ts";
import { useLocalePath, useT } from "#app/i18n/react.ts";

/** The frame of the three policy pages: title, date of the last change, links between them. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: React.ReactNode }) {
  const t = useT();
  const path = useLocalePath();
  return (
    <article className="page-section legal" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="legal__updated">Last updated: {updated}</p>
      <nav aria-label="Policies" className="legal__nav">
        <ul>
          {legalLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={path(link.to)}>{t(link.label)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </article>
  );
}
