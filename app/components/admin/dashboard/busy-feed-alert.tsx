import { Link } from "react-router";

/**
 * While the contractor's own calendar cannot be read, no window is offered online (ADR 071):
 * said at the top of the dashboard, with the way to the address.
 */
export function BusyFeedAlert({ alert }: { alert: { message: string; error: string | null } | null }) {
  if (!alert) return null;
  return (
    <div className="admin-notice" role="alert">
      <p>
        <span aria-hidden="true">! </span>
        <strong>{alert.message}</strong> <Link to="/admin/visits/booking#booking-calendar">Check the address</Link>
      </p>
      {alert.error ? <p>Last error: {alert.error}.</p> : null}
    </div>
  );
}
