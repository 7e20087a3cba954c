import { useState } from "react";
import { useFetcher } from "react-router";
import { CurrentVisit, ScheduleVisit } from "#app/components/admin/visit/current-visit.tsx";
import type { LeadVisitData, VisitActionResult, VisitIntent } from "#app/components/admin/visit/visit-data.ts";
import { Outcome } from "#app/components/admin/visit/visit-fields.tsx";
import { PendingVisit } from "#app/components/admin/visit/pending-visit.tsx";
import { BookingLink } from "#app/components/admin/visit/booking-link.tsx";

export type { LeadVisitData, VisitActionResult } from "#app/components/admin/visit/visit-data.ts";

const visitIntents: readonly string[] = ["visit-schedule", "visit-reschedule", "visit-cancel", "confirm-booking", "decline-booking"];

function resultFor(result: VisitActionResult | undefined, intent: VisitIntent): VisitActionResult | undefined {
  return result?.intent === intent ? result : undefined;
}

/**
 * The request page's "Site visit" section: schedule a visit (the homeowner gets a calendar
 * invitation), or the upcoming one with Reschedule and Cancel, or, booked online and waiting,
 * Confirm and Decline (ADR 071); then the booking page's link. Fetcher forms: the page updates in
 * place with JavaScript, and the same forms post plainly without it.
 */
export function LeadVisit({
  action,
  visit,
  name,
  bookingUrl,
  actionData,
}: {
  action: string;
  visit: LeadVisitData;
  name: string;
  /** The request's booking page; null when it has none to offer (spam). */
  bookingUrl: string | null;
  actionData: VisitActionResult | undefined;
}) {
  const schedule = useFetcher<VisitActionResult>({ key: "visit-schedule" });
  const reschedule = useFetcher<VisitActionResult>({ key: "visit-reschedule" });
  const cancel = useFetcher<VisitActionResult>({ key: "visit-cancel" });
  const confirm = useFetcher<VisitActionResult>({ key: "confirm-booking" });
  const decline = useFetcher<VisitActionResult>({ key: "decline-booking" });
  const posted = visitIntents.includes(actionData?.intent ?? "") ? actionData : undefined;
  // The form used last decides which answer is shown (each fetcher keeps its own last answer).
  const [lastUsed, setLastUsed] = useState<VisitIntent | null>(null);
  const fetched = {
    "visit-schedule": schedule.data,
    "visit-reschedule": reschedule.data,
    "visit-cancel": cancel.data,
    "confirm-booking": confirm.data,
    "decline-booking": decline.data,
  };
  const latest = lastUsed ? fetched[lastUsed] : posted;
  const current = visit.current;
  const scheduleResult = resultFor(lastUsed ? latest : posted, "visit-schedule");
  const rescheduleResult = resultFor(lastUsed ? latest : posted, "visit-reschedule");
  const cancelResult = resultFor(lastUsed ? latest : posted, "visit-cancel");
  // A success shows where the admin looks: above the section's forms, whichever form is left.
  const success = latest?.ok ? latest : undefined;
  // The forms shown now, which show their own refusals; Confirm and Decline show theirs at the top.
  const shown: readonly string[] = !current ? ["visit-schedule"] : current.pending ? [] : ["visit-reschedule", "visit-cancel"];
  const orphan = latest?.error && !shown.includes(latest.intent ?? "") ? latest : undefined;

  return (
    <section className="admin-section admin-visit" aria-labelledby="lead-visit">
      <h2 id="lead-visit">Site visit</h2>
      <Outcome result={success} id="visit-done" />
      {/* A refusal about a form not shown now (the visit changed meanwhile) is shown at the top. */}
      {orphan ? <Outcome result={orphan} id="visit-error" /> : null}
      {current?.pending ? (
        <PendingVisit
          action={action}
          current={current}
          name={name}
          fetchers={{ "confirm-booking": confirm, "decline-booking": decline }}
          onSubmit={setLastUsed}
        />
      ) : current ? (
        <CurrentVisit
          action={action}
          visit={visit}
          current={current}
          name={name}
          reschedule={reschedule}
          cancel={cancel}
          rescheduleResult={rescheduleResult}
          cancelResult={cancelResult}
          setLastUsed={setLastUsed}
        />
      ) : (
        <ScheduleVisit action={action} visit={visit} schedule={schedule} scheduleResult={scheduleResult} setLastUsed={setLastUsed} />
      )}
      {bookingUrl ? <BookingLink url={bookingUrl} name={name} /> : null}
    </section>
  );
}
