import { BookingDecisionButtons, type BookingIntent } from "#app/components/admin/booking-decision-buttons.tsx";
import type { LeadVisitData } from "#app/components/admin/visit/visit-data.ts";
import type { FetcherWithComponents } from "react-router";

/**
 * A visit the homeowner booked online, holding its window until the contractor answers (ADR 071):
 * Confirm or Decline, instead of Reschedule and Cancel (a time picked online is answered, not
 * moved by hand; once confirmed it is a scheduled visit like any other).
 */
export function PendingVisit({
  action,
  current,
  name,
  fetchers,
  onSubmit,
}: {
  action: string;
  current: NonNullable<LeadVisitData["current"]>;
  name: string;
  fetchers: Record<BookingIntent, FetcherWithComponents<unknown>>;
  onSubmit: (intent: BookingIntent) => void;
}) {
  return (
    <>
      <p className="admin-visit__when">
        <strong>{current.day}</strong>, {current.window}
      </p>
      <p className="admin-visit__pending">
        <strong>Booked online by the homeowner — waiting for your confirmation.</strong>
      </p>
      {current.note ? <p className="admin-visit__note">Note: {current.note}</p> : null}
      <BookingDecisionButtons
        action={action}
        visitId={current.id}
        homeowner={name}
        when={current.label}
        fetchers={fetchers}
        onSubmit={onSubmit}
      />
      <p className="admin-card__meta">
        Confirm sends {name} the invitation with the calendar, and a reminder the day before. Decline frees the time and asks them by email
        to pick another.
      </p>
    </>
  );
}
