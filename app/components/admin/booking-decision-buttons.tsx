import { Form, type FetcherWithComponents } from "react-router";

export type BookingIntent = "confirm-booking" | "decline-booking";

type DecisionFetcher = FetcherWithComponents<unknown>;

/**
 * Confirm and Decline of a visit a homeowner booked online (ADR 071), side by side and big enough
 * for a thumb: Confirm in one tap, no second step (the homeowner picked a time that was open).
 * Each button's accessible name says whose visit and when, since the dashboard lists several.
 * Plain forms by default; with `fetchers` (the request's page) they post in place (ADR 031).
 */
export function BookingDecisionButtons({
  action,
  visitId,
  homeowner,
  when,
  fetchers,
  onSubmit,
}: {
  action: string;
  visitId: string;
  homeowner: string;
  when: string;
  fetchers?: Record<BookingIntent, DecisionFetcher>;
  onSubmit?: (intent: BookingIntent) => void;
}) {
  // One answer per visit: while either posts, both wait.
  const busy = fetchers ? Object.values(fetchers).some((fetcher) => fetcher.state !== "idle") : undefined;
  const button = (intent: BookingIntent) => {
    const confirm = intent === "confirm-booking";
    const FormTag = fetchers ? fetchers[intent].Form : Form;
    return (
      <FormTag method="post" action={action} className="admin-booking__form" onSubmit={() => onSubmit?.(intent)}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="visitId" value={visitId} />
        <button
          type="submit"
          className={confirm ? "admin-button" : "admin-button admin-button--quiet"}
          aria-label={`${confirm ? "Confirm" : "Decline"} the visit of ${homeowner} on ${when}`}
          disabled={busy}
        >
          {confirm ? "Confirm" : "Decline"}
        </button>
      </FormTag>
    );
  };
  return (
    <div className="admin-booking__buttons">
      {button("confirm-booking")}
      {button("decline-booking")}
    </div>
  );
}
