import { Link, isRouteErrorResponse } from "react-router";

/**
 * What an admin page shows when its loader or action refused (a missing request, a bad link):
 * inside the admin layout, so the admin navigation stays, with the way back.
 */
export function AdminError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" && error.data !== "" ? error.data : null;
    if (error.status === 404) {
      return (
        <section className="admin-page" aria-labelledby="admin-error-title">
          <p className="eyebrow">Error 404</p>
          <h1 id="admin-error-title">We couldn't find that</h1>
          <p>{message ?? "The link may be old, or what it pointed to was deleted."}</p>
          <ul className="admin-links">
            <li>
              <Link to="/admin/leads">Back to the estimate requests</Link>
            </li>
            <li>
              <Link to="/admin">Admin dashboard</Link>
            </li>
          </ul>
        </section>
      );
    }
    if (error.status < 500) {
      return (
        <section className="admin-page" aria-labelledby="admin-error-title">
          <p className="eyebrow">Error {error.status}</p>
          <h1 id="admin-error-title">We couldn't do that</h1>
          {message ? <p>{message}</p> : null}
          <p>
            <Link to="/admin">Back to the admin dashboard</Link>
          </p>
        </section>
      );
    }
  }
  return (
    <section className="admin-page" aria-labelledby="admin-error-title">
      <p className="eyebrow">Error 500</p>
      <h1 id="admin-error-title">Unexpected Application Error!</h1>
      <p>Something went wrong on our side. Nothing you entered was changed by this page; please try again in a moment.</p>
      <p>
        <Link to="/admin">Back to the admin dashboard</Link>
      </p>
    </section>
  );
}
