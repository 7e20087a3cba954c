import { Link } from "react-router";

/** One side of a pager: where it goes and what it says. */
interface PagerLink {
  href: string;
  text: string;
}

/**
 * "Page n of m" between a link to the page before and the one after, as the admin lists show it;
 * an empty, hidden cell stands where there is no page on that side, so the middle stays put.
 */
export function AdminPager({
  label,
  page,
  pages,
  previous,
  next,
  preventScrollReset,
}: {
  label: string;
  page: number;
  pages: number;
  previous: PagerLink | null;
  next: PagerLink | null;
  preventScrollReset?: boolean;
}) {
  return (
    <nav className="admin-pager" aria-label={label}>
      {previous ? (
        <Link to={previous.href} rel="prev" preventScrollReset={preventScrollReset}>
          {previous.text}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <p>
        Page {page} of {pages}
      </p>
      {next ? (
        <Link to={next.href} rel="next" preventScrollReset={preventScrollReset}>
          {next.text}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
