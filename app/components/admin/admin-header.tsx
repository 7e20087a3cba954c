import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link, NavLink } from "react-router";
import { adminNavigation } from "#app/components/admin/admin-navigation.ts";

/** The count as a badge; the link's label says it in words. */
function NewCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="admin-nav__count" aria-hidden="true">
      {count}
    </span>
  );
}

function NavItems({ newRequests, onNavigate }: { newRequests: number; onNavigate?: () => void }) {
  return (
    <ul>
      {adminNavigation.map((item) => (
        <li key={item.to}>
          {item.reloadDocument ? (
            <Link to={item.to} reloadDocument onClick={onNavigate}>
              {item.label}
            </Link>
          ) : (
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              // "Estimate requests, 3 new": the visible words first, then the badge's meaning.
              aria-label={item.showsNewRequests && newRequests > 0 ? `${item.label}, ${newRequests} new` : undefined}
            >
              {item.label}
              {item.showsNewRequests && newRequests > 0 ? " " : null}
              {item.showsNewRequests ? <NewCount count={newRequests} /> : null}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A plain form: signing out reloads the whole page, so no admin data stays in memory. */
function SignOut() {
  return (
    <form method="post" action="/logout" className="admin-bar__signout">
      <button type="submit" className="admin-button admin-button--quiet">
        Sign out
      </button>
    </form>
  );
}

/**
 * The admin bar under the site header (ADR 031). From 48rem: who is signed in and Sign out, then
 * the navigation (with the count of new requests) on its own line. On a phone one row of at most 64 px:
 * the Admin label, the count as a link to the requests, and "Menu", a native <details> that opens
 * without JavaScript and holds the same navigation and Sign out. Escape closes it and puts focus
 * back on "Menu"; following a link closes it. Each width hides the other's copy with
 * display: none, so there is one "Admin" navigation for assistive technology at a time.
 */
export function AdminHeader({ admin, newRequests }: { admin: { name: string }; newRequests: number }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [isOpen, setOpen] = useState(false);
  // False in the server's HTML and while hydrating, true once React runs in the browser.
  const isHydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  useEffect(() => {
    // Escape, wherever focus is, closes the open menu (a <details> has no such key of its own).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.current?.open) return;
      menu.current.open = false;
      summary.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const close = () => {
    if (menu.current) menu.current.open = false;
  };

  return (
    <div className="admin-bar">
      <div className="admin-bar__inner">
        <p className="admin-bar__who">
          <span className="admin-bar__label">Admin</span>
          <span className="admin-bar__name">
            {" "}
            Signed in as <strong>{admin.name}</strong>
          </span>
        </p>
        {newRequests > 0 ? (
          <Link to="/admin/leads" className="admin-bar__count">
            {newRequests} new
            <span className="visually-hidden"> estimate {newRequests === 1 ? "request" : "requests"}</span>
          </Link>
        ) : null}
        <div className="admin-bar__desktop-signout">
          <SignOut />
        </div>
        <nav aria-label="Admin" className="admin-nav admin-nav--bar">
          <NavItems newRequests={newRequests} />
        </nav>
        <details className="admin-menu" ref={menu} onToggle={(event) => setOpen(event.currentTarget.open)}>
          {/* Browsers expose a summary's open state themselves; once React runs the attribute says
              it too, for tools that read only ARIA. */}
          <summary className="admin-menu__toggle" ref={summary} aria-expanded={isHydrated ? isOpen : undefined}>
            <span className="hamburger" aria-hidden="true" />
            <span className="visually-hidden">Admin </span>Menu
          </summary>
          <div className="admin-menu__panel">
            <p className="admin-menu__who">
              Signed in as <strong>{admin.name}</strong>
            </p>
            <nav aria-label="Admin" className="admin-nav admin-nav--menu">
              <NavItems newRequests={newRequests} onNavigate={close} />
            </nav>
            <SignOut />
          </div>
        </details>
      </div>
    </div>
  );
}

function subscribeToNothing(): () => void {
  return () => {};
}
