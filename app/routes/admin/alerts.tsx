import { data, redirect } from "react-router";
import type { Route } from "./+types/alerts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, isUuid, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { PushEndpointSchema, PushSubscriptionSchema, pushAlertIntents } from "#app/schemas/push.ts";
import type { AdminActionError } from "#app/schemas/admin-action.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { PushSwitch } from "#app/components/admin/push-switch.tsx";

const DEVICE_NOT_FOUND = "We couldn't find that device in your list. It may have been removed already.";

const doneMessages: Record<string, string> = {
  subscribed: "Notifications are on for this browser: new estimate requests will show up here.",
  unsubscribed: "Notifications are off for this browser.",
  "test-sent": "Test notification sent. It should show up on that device within a few seconds.",
  "test-gone":
    "The push service says that device's subscription no longer exists, so it was removed. Turn notifications on again on that device.",
  removed: "Device removed: it gets no more alerts.",
};

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Alerts on this phone", matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const backend = getBackend(context);
  const done = new URL(request.url).searchParams.get("done");
  return {
    flash: done && Object.hasOwn(doneMessages, done) ? doneMessages[done]! : null,
    // Public by nature: the browser subscribes with it. The private key stays on the server.
    publicKey: await backend.push.publicKey(),
    devices: await backend.push.listDevices({ userId: admin.id }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const backend = getBackend(context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  if (!(pushAlertIntents as readonly string[]).includes(intent ?? "")) {
    return actionError(400, unknownIntentMessage(intent, pushAlertIntents), intent);
  }

  if (intent === "subscribe") {
    const parsed = PushSubscriptionSchema.safeParse({
      endpoint: formText(form, "endpoint"),
      p256dh: formText(form, "p256dh"),
      auth: formText(form, "auth"),
    });
    if (!parsed.success) return actionError(400, parsed.error.issues[0]!.message, intent);
    const result = await backend.push.subscribeDevice({
      userId: admin.id,
      input: parsed.data,
      userAgent: request.headers.get("user-agent"),
    });
    if (!result.ok) return actionError(400, result.error, intent);
    backend.logger.info("push subscription added", { subscriptionId: result.subscription.id, adminId: admin.id });
    return redirect("/admin/alerts?done=subscribed");
  }

  if (intent === "unsubscribe") {
    const parsed = PushEndpointSchema.safeParse({ endpoint: formText(form, "endpoint") });
    if (!parsed.success) return actionError(400, parsed.error.issues[0]!.message, intent);
    // Already gone (removed from another device, or by the push service) is the same outcome.
    await backend.push.unsubscribeDevice({ userId: admin.id, endpoint: parsed.data.endpoint });
    return redirect("/admin/alerts?done=unsubscribed");
  }

  const subscriptionId = formText(form, "subscriptionId");
  const endpoint = formText(form, "endpoint");
  if (subscriptionId !== undefined && !isUuid(subscriptionId)) return actionError(404, DEVICE_NOT_FOUND, intent);
  if (subscriptionId === undefined && (intent === "remove" || endpoint === undefined)) {
    return actionError(400, "The form did not say which device. Please use the buttons on this page.", intent);
  }

  if (intent === "remove") {
    const removed = await backend.push.removeDevice({ userId: admin.id, id: subscriptionId! });
    if (!removed) return actionError(404, DEVICE_NOT_FOUND, intent);
    return redirect("/admin/alerts?done=removed");
  }

  // test
  const device = await backend.push.findDevice({ userId: admin.id, id: subscriptionId, endpoint });
  if (!device) return actionError(404, DEVICE_NOT_FOUND, intent);
  const outcome = await backend.push.sendTestPush({ subscription: device });
  if (outcome.kind === "sent") return redirect("/admin/alerts?done=test-sent");
  if (outcome.kind === "gone") return redirect("/admin/alerts?done=test-gone");
  backend.logger.warn("test push not sent", { subscriptionId: device.id, error: outcome.message });
  return data<AdminActionError>(
    { error: `The test notification was not sent: ${outcome.message}. Try again in a minute.`, intent: intent ?? null },
    { status: 502 },
  );
}

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  const { devices, publicKey } = loaderData;
  return (
    <div className="admin-page">
      <h1>Alerts on this phone</h1>
      <p>
        Get a notification on your phone or computer the moment a new estimate request arrives; tap it to open the request. Requests filed
        as spam send none; those that need a look say so.
      </p>
      <ActionError result={actionData} />

      <section className="admin-section" aria-labelledby="this-browser">
        <h2 id="this-browser">This browser</h2>
        <PushSwitch publicKey={publicKey} knownEndpoints={devices.map((device) => device.endpoint)} />
      </section>

      <section className="admin-section" aria-labelledby="your-devices">
        <h2 id="your-devices">Your devices</h2>
        {devices.length === 0 ? (
          <p>No device of yours gets alerts yet.</p>
        ) : (
          <ul className="admin-list">
            {devices.map((device) => (
              <li key={device.id} className="admin-card">
                <p className="admin-card__title">{device.label}</p>
                <p>
                  Added {device.added}. {device.lastSuccess ? `Last alert delivered ${device.lastSuccess}.` : "No alert delivered yet."}
                </p>
                {device.lastError ? <p>Last problem: {device.lastError}</p> : null}
                <div className="admin-actions">
                  <form method="post" className="admin-inline-form">
                    <input type="hidden" name="intent" value="test" />
                    <input type="hidden" name="subscriptionId" value={device.id} />
                    <button type="submit" className="admin-button admin-button--quiet">
                      Send a test<span className="visually-hidden"> to {device.label}</span>
                    </button>
                  </form>
                  <form method="post" className="admin-inline-form">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="subscriptionId" value={device.id} />
                    <button type="submit" className="admin-button admin-button--danger">
                      Remove<span className="visually-hidden"> {device.label}</span>
                    </button>
                  </form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-section" aria-labelledby="iphone">
        <h2 id="iphone">On an iPhone or iPad</h2>
        <p>
          Safari shows notifications only for web apps on the Home Screen (iOS 16.4 or later). Open this page in Safari, tap Share, then
          “Add to Home Screen”; open the back office from the new icon and turn notifications on there.
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
