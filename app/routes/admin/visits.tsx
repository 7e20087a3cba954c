import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/visits";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CopyButton } from "#app/components/admin/copy-button.tsx";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";

const INTENTS = ["regenerate-feed"] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Visits", matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const backend = getBackend(context);
  const [page, feed] = await Promise.all([backend.visits.getVisitsPage(), backend.visits.getFeedAddresses()]);
  const done = new URL(request.url).searchParams.get("done");
  return {
    ...page,
    feed,
    flash: done === "feed" ? "A new calendar address was made. The old one stopped working: subscribe again with this one." : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const backend = getBackend(context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  switch (intent) {
    case "regenerate-feed": {
      if (formText(form, "confirm") !== "yes") {
        return actionError(400, "Tick “Yes, stop the old address” to confirm. The address was kept.", intent);
      }
      await backend.visits.regenerateFeedAddress({ adminId: admin.id });
      return redirect("/admin/visits?done=feed");
    }
    default:
      return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }
}

type Row = Route.ComponentProps["loaderData"]["past"][number];

function VisitCard({ visit, showDay = false }: { visit: Row; showDay?: boolean }) {
  return (
    <li className="admin-card admin-visit-card">
      <p>
        <strong>
          {showDay ? `${visit.day}, ` : ""}
          {visit.window}
        </strong>
        : <Link to={`/admin/leads/${visit.leadId}`}>{visit.name}</Link>
      </p>
      <p className="admin-card__meta">{visit.service}</p>
      <p>
        {visit.mapsHref ? (
          <a href={visit.mapsHref} target="_blank" rel="noreferrer">
            {visit.address}
            <span className="visually-hidden"> (map, opens in a new tab)</span>
          </a>
        ) : (
          visit.address
        )}
      </p>
      <p>{visit.telHref ? <a href={visit.telHref}>Call {visit.phone}</a> : visit.phone}</p>
      {visit.note ? <p className="admin-card__meta">Note: {visit.note}</p> : null}
    </li>
  );
}

export default function VisitsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { days, past, cancelled, feed } = loaderData;
  return (
    <div className="admin-page">
      <p className="eyebrow">Your calendar</p>
      <h1>Visits</h1>
      <p>
        <Link to="/admin/visits/booking">Online booking rules</Link>: when homeowners can pick a visit themselves, and your own calendar’s
        busy times.
      </p>
      <ActionError result={actionData} />
      <section className="admin-section" aria-labelledby="visits-upcoming">
        <h2 id="visits-upcoming">Upcoming visits</h2>
        {days.length === 0 ? (
          <p>No visits are scheduled. Schedule one from an estimate request’s page.</p>
        ) : (
          days.map((day) => (
            <section key={day.key} aria-labelledby={`day-${day.key}`} className="admin-visits-day">
              <h3 id={`day-${day.key}`}>{day.label}</h3>
              <ul className="admin-list admin-visits">
                {day.visits.map((visit) => (
                  <VisitCard key={visit.id} visit={visit} />
                ))}
              </ul>
            </section>
          ))
        )}
      </section>

      <section className="admin-section" aria-labelledby="visits-feed">
        <h2 id="visits-feed">Your visits on your phone’s calendar</h2>
        <p>
          Subscribe once and every visit appears in your phone’s calendar, updated as you schedule, move or cancel. Keep this address to
          yourself: anyone who has it sees your visits.
        </p>
        <div className="admin-field">
          <label htmlFor="feed-webcal">Address for iPhone and Mac (webcal)</label>
          <input id="feed-webcal" type="text" readOnly value={feed.webcal} />
        </div>
        <p>
          <a href={feed.webcal}>Subscribe on this device</a>
        </p>
        <div className="admin-field">
          <label htmlFor="feed-https">Address for Google Calendar and others (https)</label>
          <input id="feed-https" type="text" readOnly value={feed.https} />
        </div>
        <CopyButton targetId="feed-https" />
        <h3>How to subscribe</h3>
        <ul>
          <li>
            <strong>iPhone:</strong> tap “Subscribe on this device” above, or in Settings › Calendar › Accounts › Add Account › Other › Add
            Subscribed Calendar, paste the webcal address.
          </li>
          <li>
            <strong>Android and Google Calendar:</strong> on a computer, open calendar.google.com › Other calendars › + › From URL, paste
            the https address. The calendar then shows on the phone (turn on sync for it in the app’s settings).
          </li>
        </ul>
        <h3 id="feed-new">Make a new address</h3>
        <p>If the address got out, make a new one. The old one stops at once; subscribe again with the new one.</p>
        <Form method="post" className="admin-inline-form" aria-labelledby="feed-new">
          <input type="hidden" name="intent" value="regenerate-feed" />
          <div className="admin-check">
            <input id="feed-confirm" type="checkbox" name="confirm" value="yes" required />
            <label htmlFor="feed-confirm">Yes, stop the old address</label>
          </div>
          <button type="submit" className="admin-button admin-button--danger">
            Make a new address
          </button>
        </Form>
      </section>

      <section className="admin-section" aria-labelledby="visits-past">
        <h2 id="visits-past">Last {loaderData.recentDays} days</h2>
        {past.length === 0 ? (
          <p>No visits in the last {loaderData.recentDays} days.</p>
        ) : (
          <ul className="admin-list admin-visits">
            {past.map((visit) => (
              <VisitCard key={visit.id} visit={visit} showDay />
            ))}
          </ul>
        )}
      </section>

      {cancelled.length > 0 ? (
        <section className="admin-section" aria-labelledby="visits-cancelled">
          <h2 id="visits-cancelled">Cancelled</h2>
          <ul className="admin-list admin-visits">
            {cancelled.map((visit) => (
              <VisitCard key={visit.id} visit={visit} showDay />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
