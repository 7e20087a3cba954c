/**
 * The admin navigation, in order: the header renders it in the desktop bar and in the phone's
 * menu (app/components/admin/admin-header.tsx). Add a page here, nowhere else. Every admin page
 * in app/routes.ts is here or is a page under one that is (a request under the requests, the
 * site's texts under the site); admin-navigation.test.ts holds the route table to that.
 */
interface AdminNavItem {
  to: string;
  label: string;
  /** Current only on this exact path (the dashboard), not on the pages under it. */
  end?: boolean;
  /** Leaves the admin area: a full page load, so no admin data stays in memory. */
  reloadDocument?: boolean;
  /** Shows the count of requests waiting for a first look. */
  showsNewRequests?: boolean;
}

export const adminNavigation: readonly AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/leads", label: "Estimate requests", showsNewRequests: true },
  { to: "/admin/visits", label: "Visits" },
  { to: "/admin/quotes", label: "Quotes" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/replies", label: "Replies" },
  { to: "/admin/alerts", label: "Alerts" },
  { to: "/admin/gallery", label: "Gallery" },
  { to: "/admin/projects", label: "Projects" },
  { to: "/admin/site", label: "Your site" },
  { to: "/admin/email", label: "Email" },
  { to: "/admin/users", label: "Users" },
  { to: "/", label: "View site", reloadDocument: true },
];
