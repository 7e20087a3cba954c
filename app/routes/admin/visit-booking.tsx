import { Link, data } from "react-router";
import type { Route } from "./+types/visit-booking";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { bookingFormFieldNames } from "#app/schemas/booking-form.ts";
import type { AdminActionError, AdminActionResult } from "#app/schemas/admin-action.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { BookingRulesForm, type BookingFormRefusal } from "#app/components/admin/booking/booking-rules-form.tsx";
import { BusyFeedSection } from "#app/components/admin/booking/busy-feed-section.tsx";
import bookingCss from "#app/styles/admin-booking.css?url";

const INTENTS = ["rules", "feed-address", "feed-off", "feed-refresh"] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Online booking rules", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: bookingCss }];

/** When homeowners may book a visit online, and the contractor's own calendar (ADR 071). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return getBackend(context).bookingAdmin.getRulesPage();
}

type Refused = AdminActionError & Omit<BookingFormRefusal, "error">;

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const bookingAdmin = getBackend(context).bookingAdmin;
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  let result;
  switch (intent) {
    case "rules":
      result = await bookingAdmin.saveRules(Object.fromEntries(bookingFormFieldNames.map((name) => [name, formText(form, name)])));
      break;
    case "feed-address": {
      // An empty field is not "turn off": that has its own button.
      const address = (formText(form, "feed_address") ?? "").trim();
      if (address === "") return actionError(400, "Paste your calendar’s address first (or use “Turn off”).", intent);
      result = await bookingAdmin.saveFeedAddress(address);
      break;
    }
    case "feed-off":
      result = await bookingAdmin.saveFeedAddress("");
      break;
    case "feed-refresh":
      result = await bookingAdmin.refreshFeed();
      break;
    default:
      return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }
  if (!result.ok) {
    const { message, values, fieldErrors } = result;
    return data<Refused>(
      { error: message, intent, ...(values ? { values } : {}), ...(fieldErrors ? { fieldErrors } : {}) },
      { status: 400 },
    );
  }
  return data<AdminActionResult>({ intent, ok: true, message: result.message });
}

function refusedFor(actionData: unknown, intents: readonly string[]): Refused | undefined {
  const refused = actionData as Refused | undefined;
  return refused && typeof refused.error === "string" && intents.includes(refused.intent ?? "") ? refused : undefined;
}

// The layout's status line says what an action did (ADR 031): a success needs nothing here.
export default function VisitBookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const rulesRefused = refusedFor(actionData, ["rules"]);
  const feedRefused = refusedFor(actionData, ["feed-address", "feed-off", "feed-refresh"]);
  // An unknown intent's refusal (a hand-made post) shows at the top.
  const otherRefused = rulesRefused || feedRefused ? undefined : (actionData as AdminActionResult | undefined);
  return (
    <div className="admin-page booking-page">
      <p className="admin-back">
        <Link to="/admin/visits">‹ Visits</Link>
      </p>
      <h1>Online booking rules</h1>
      <p>
        Homeowners who send an estimate request can pick the arrival window of your visit, within these rules. A booking holds its window at
        once; your own visits and your calendar’s busy times close the windows they touch.
      </p>
      <ActionError result={otherRefused} />
      <section className="admin-section" aria-labelledby="booking-rules">
        <h2 id="booking-rules">Booking rules</h2>
        <ActionError result={rulesRefused} id="booking-rules-error" />
        <BookingRulesForm values={loaderData.values} refusal={rulesRefused} />
      </section>
      <BusyFeedSection feed={loaderData.feed} error={feedRefused?.error} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
