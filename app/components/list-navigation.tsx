import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { revealFocusedFilter } from "#app/browser/filter-row.ts";
import { useNonce } from "#app/nonce.tsx";
import { usePageT } from "#app/components/lang-text.tsx";

/**
 * The filter links and page links of a public list (/gallery by service, /projects by service):
 * plain links, so they work without JavaScript and each filter and page has its own address.
 * On a phone the filters are one row that scrolls sideways (app.css, ADR 063). Their words are in
 * the page's language; the caller gives the hrefs in it.
 */

interface FilterLink {
  /** null for "All". */
  slug: string | null;
  label: string;
  count: number;
}

export function FilterLinks({
  label,
  current,
  allCount,
  filters,
  href,
}: {
  /** The navigation's name, e.g. "Photo categories". */
  label: string;
  current: string | null;
  allCount: number;
  filters: FilterLink[];
  href: (slug: string | null) => string;
}) {
  const t = usePageT();
  const links: FilterLink[] = [{ slug: null, label: t("list.all"), count: allCount }, ...filters];
  const nonce = useNonce();
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => revealFocusedFilter(navRef.current), []);
  return (
    <nav className="gallery-filters" aria-label={label} ref={navRef}>
      <ul className="inline-list">
        {links.map((filter) => (
          <li key={filter.slug ?? "all"}>
            <Link to={href(filter.slug)} className="gallery-filters__link" aria-current={filter.slug === current ? "page" : undefined}>
              {filter.label} <span className="gallery-filters__count">({filter.count})</span>
            </Link>
          </li>
        ))}
      </ul>
      {/* Classic, not a module: it runs as the parser reaches it, and knows where it is. */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: `(${revealFocusedFilter.toString()})(document.currentScript.parentElement);` }}
      />
    </nav>
  );
}

/** Previous, every page's number, Next; nothing for a single page. */
export function PageLinks({
  label,
  page,
  pageCount,
  href,
}: {
  /** The navigation's name, e.g. "Gallery pages". */
  label: string;
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  const t = usePageT();
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link className="pagination__step" rel="prev" to={href(page - 1)}>
          {t("list.previous")}
        </Link>
      ) : null}
      <ol className="pagination__pages inline-list">
        {pages.map((n) => (
          <li key={n}>
            <Link className="pagination__page" to={href(n)} aria-current={n === page ? "page" : undefined}>
              <span className="visually-hidden">{t("list.page")}</span>
              {n}
            </Link>
          </li>
        ))}
      </ol>
      {page < pageCount ? (
        <Link className="pagination__step" rel="next" to={href(page + 1)}>
          {t("list.next")}
        </Link>
      ) : null}
    </nav>
  );
}
