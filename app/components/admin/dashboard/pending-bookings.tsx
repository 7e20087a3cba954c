import { Link } from "react-router";
import { BookingDecisionButtons } from "#app/components/admin/booking-decision-buttons.tsx";
import { telHref } from "#app/schemas/contact-links.ts";

/** One visit a homeowner booked online, as the dashboard lists it (`backend.booking.listPending`). */
export interface PendingBookingView {
  visitId: string;
  leadId: string;
  homeowner: string;
  phone: string;
  subject: string;
  zip: string | null;
  /** "Sat, Dec 5, 8:00–10:00 AM". */
  when: string;
}

/**
 * The visits homeowners booked online, waiting for the contractor (ADR 071): the top of the
 * dashboard, each confirmed or declined in one tap from a phone. Plain forms that post to the
 * dashboard and redirect back with what was done; nothing when none is waiting.
 */
export function PendingBookings({ bookings }: { bookings: readonly PendingBookingView[] }) {
  if (bookings.length === 0) return null;
  return (
    <section className="admin-section admin-bookings" aria-labelledby="pending-bookings">
      <h2 id="pending-bookings">Visits to confirm ({bookings.length})</h2>
      <ul className="admin-list">
        {bookings.map((booking) => (
          <li key={booking.visitId} className="admin-card admin-booking">
            <p className="admin-booking__when">
              <strong>{booking.when}</strong>
            </p>
            <p>
              {booking.homeowner} · {booking.subject}
              {booking.zip ? ` · ZIP ${booking.zip}` : null}
            </p>
            <p className="admin-booking__links">
              <a href={telHref(booking.phone)}>{booking.phone}</a>
              <Link to={`/admin/leads/${booking.leadId}`}>
                Open the request<span className="visually-hidden"> of {booking.homeowner}</span>
              </Link>
            </p>
            <BookingDecisionButtons action="/admin?index" visitId={booking.visitId} homeowner={booking.homeowner} when={booking.when} />
          </li>
        ))}
      </ul>
    </section>
  );
}
