import { Form } from "react-router";

/** The calendar's part of the page, as the server sends it: never the stored address itself. */
export interface BusyFeedView {
  configured: boolean;
  fresh: boolean;
  maskedAddress: string | null;
  status: string | null;
}

/**
 * "Your own calendar": the private address of the contractor's calendar, whose busy times close
 * booking windows. The stored address is a secret: only its masked form is shown, and the field
 * that takes a new one hides what is typed, like a password.
 */
export function BusyFeedSection({ feed, error }: { feed: BusyFeedView; error: string | undefined }) {
  return (
    <section className="admin-section" aria-labelledby="booking-calendar">
      <h2 id="booking-calendar">Your own calendar</h2>
      <p>
        Paste the private address of your own calendar, in iCal format, and the times you are busy in it close the windows they touch. It is
        read every 5 minutes. In Google Calendar: Settings › your calendar › Integrate calendar › “Secret address in iCal format”.
      </p>
      {feed.status ? (
        <div className={feed.fresh ? "booking-feed-state" : "admin-notice"} role={feed.fresh ? undefined : "alert"}>
          <p>{feed.status}</p>
        </div>
      ) : (
        <p className="booking-feed-state">No calendar is read: only your visits close windows.</p>
      )}
      {feed.maskedAddress ? (
        <p>
          Saved address: <code className="admin-break">{feed.maskedAddress}</code> (the rest is kept secret).
        </p>
      ) : null}
      {error ? (
        <div className="admin-alert" role="alert" id="feed_address-error">
          <p>{error}</p>
        </div>
      ) : null}
      <Form method="post" className="admin-stack-form">
        <input type="hidden" name="intent" value="feed-address" />
        <div className="admin-field">
          <label htmlFor="feed_address">{feed.configured ? "A new address for your calendar" : "Your calendar’s secret address"}</label>
          <p className="admin-help" id="feed_address-hint">
            It starts with https:// and ends in .ics. Keep it to yourself: whoever has it can read your calendar.
          </p>
          <input
            id="feed_address"
            name="feed_address"
            type="password"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={2000}
            aria-invalid={error ? true : undefined}
            aria-describedby={["feed_address-hint", error ? "feed_address-error" : null].filter(Boolean).join(" ")}
          />
        </div>
        <button type="submit" className="admin-button">
          Save the address
        </button>
      </Form>
      {feed.configured ? (
        <div className="booking-feed-actions">
          <Form method="post">
            <input type="hidden" name="intent" value="feed-refresh" />
            <button type="submit" className="admin-button admin-button--quiet">
              Read it now
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="feed-off" />
            <button type="submit" className="admin-button admin-button--quiet">
              Turn off
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
