import { useT } from "#app/i18n/react.ts";
import type { BookingPageView, BookingPickerDay } from "#app/schemas/booking-page.ts";

/** How many days show at once (a working week); the rest fold under "More days" (no script needed). */
const FIRST_DAYS = 6;

export type BookingMessage = { kind: "done" | "error"; text: string } | null;

/**
 * The booking page (ADR 071): the request, its visit (held or confirmed, to move or cancel), and
 * the open arrival windows by day, each a button that books it in one tap. Plain forms: it works
 * without JavaScript; on a phone the windows sit two to a row, large enough for a thumb.
 */
export function BookingPage({ view, message }: { view: BookingPageView; message: BookingMessage }) {
  const t = useT();
  const { business, visit } = view;
  const moving = visit !== null && visit.canChange;
  return (
    <div className="page-section account account--wide booking">
      <h1>{t("booking.title")}</h1>
      <p className="homeowner__meta">
        {t("booking.request", { business: business.name, subject: view.request.subject, reference: view.request.reference })}
      </p>
      {message ? (
        <p className={`booking__message booking__message--${message.kind}`} role={message.kind === "error" ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}

      {visit ? (
        <section className="homeowner__card booking__visit" aria-labelledby="booking-visit">
          <h2 id="booking-visit">{t("booking.visit.title")}</h2>
          <p>
            <strong>
              {visit.status === "pending"
                ? t("booking.visit.pending", { day: visit.day, window: visit.window, business: business.name })
                : t("booking.visit.scheduled", { day: visit.day, window: visit.window })}
            </strong>
          </p>
          {visit.canChange ? (
            <>
              {visit.changeUntil ? <p>{t("booking.visit.changeUntil", { until: visit.changeUntil })}</p> : null}
              <form method="post">
                <input type="hidden" name="intent" value="cancel" />
                <button type="submit" className="button button--secondary">
                  {t("booking.cancel.button")}
                </button>
              </form>
            </>
          ) : (
            <p>
              {t("booking.visit.tooLate")} <a href={business.phoneHref}>{business.phone}</a>
            </p>
          )}
        </section>
      ) : view.cancelledDay ? (
        <p>{t("booking.visit.cancelled", { day: view.cancelledDay })}</p>
      ) : null}

      {visit === null ? (
        <Picker view={view} moving={false} />
      ) : moving ? (
        <details className="booking__move">
          <summary>{t("booking.move.title")}</summary>
          <Picker view={view} moving />
        </details>
      ) : null}

      <p className="booking__call">
        {t("booking.call")} <a href={business.phoneHref}>{business.phone}</a>
      </p>
    </div>
  );
}

/** The open windows by day, as buttons of one form: to book, or to move the visit. */
function Picker({ view, moving }: { view: BookingPageView; moving: boolean }) {
  const t = useT();
  const { business, picker } = view;
  return (
    <>
      <section
        className="booking__picker"
        aria-labelledby={moving ? undefined : "booking-days"}
        aria-label={moving ? t("booking.move.title") : undefined}
      >
        {moving ? null : <h2 id="booking-days">{t("booking.days")}</h2>}
        {view.outsideZip !== null && !moving ? <p className="booking__note">{t("booking.outside", { zip: view.outsideZip })}</p> : null}
        {picker.state === "open" ? (
          <>
            <p>
              {t("booking.intro", { length: lengthText(t, picker.visitMinutes) })} {t("booking.zone")}
            </p>
            {view.needsConfirmation && !moving ? <p>{t("booking.confirmNote", { business: business.name })}</p> : null}
            <form method="post" className="booking__form">
              <input type="hidden" name="intent" value={moving ? "move" : "book"} />
              {picker.days.slice(0, FIRST_DAYS).map((day) => (
                <PickerDay key={day.date} day={day} moving={moving} />
              ))}
              {picker.days.length > FIRST_DAYS ? (
                <details className="booking__more">
                  <summary>{t("booking.moreDays")}</summary>
                  {picker.days.slice(FIRST_DAYS).map((day) => (
                    <PickerDay key={day.date} day={day} moving={moving} />
                  ))}
                </details>
              ) : null}
            </form>
          </>
        ) : (
          <p className="booking__note">{t(`booking.closed.${picker.state === "closed" ? picker.reason : "full"}`)}</p>
        )}
      </section>
    </>
  );
}

function PickerDay({ day, moving }: { day: BookingPickerDay; moving: boolean }) {
  const t = useT();
  const headingId = `day-${day.date}`;
  return (
    <fieldset className="booking__day" aria-labelledby={headingId}>
      <h3 id={headingId} className="booking__day-name">
        {day.label}
      </h3>
      <div className="booking__windows">
        {day.windows.map((window) => (
          <button
            key={window.start}
            type="submit"
            name="start"
            value={window.start}
            className="booking__window"
            aria-label={t(moving ? "booking.move.pick" : "booking.window.pick", { window: window.label, day: day.label })}
          >
            {/* A time keeps its AM or PM: a narrow button breaks after the dash only. */}
            {window.label.replace(/ /g, "\u00a0")}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function lengthText(t: ReturnType<typeof useT>, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return t("booking.length.hours", { hours });
  if (hours === 0) return t("booking.length.minutes", { minutes: rest });
  return t("booking.length.hoursMinutes", { hours, minutes: rest });
}
