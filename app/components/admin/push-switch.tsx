import { useFetcher } from "react-router";
import { messageOf, subscribeThisBrowser, unsubscribeThisBrowser } from "#app/components/admin/push/push-browser.ts";
import { usePushState, type SwitchState } from "#app/components/admin/push/use-push-state.ts";

/**
 * The switch for this browser's push alerts: registers the back office's service worker (scope
 * /admin/), asks for permission, subscribes with the site's VAPID public key and posts the
 * subscription to /admin/alerts; or unsubscribes and tells the server. Needs JavaScript, like
 * push itself; the page's list of devices works without it.
 */
export function PushSwitch({ publicKey, knownEndpoints }: { publicKey: string; knownEndpoints: string[] }) {
  const fetcher = useFetcher();
  const { state, setState, problem, setProblem } = usePushState(knownEndpoints);

  async function turnOn() {
    setProblem(null);
    setState({ kind: "working", what: "Turning notifications on…" });
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? { kind: "denied" } : { kind: "off" });
        if (permission !== "denied") setProblem("Notifications were not allowed. Press the button again and choose Allow.");
        return;
      }
      const subscription = await subscribeThisBrowser(publicKey);
      const json = subscription.toJSON();
      await fetcher.submit(
        {
          intent: "subscribe",
          endpoint: subscription.endpoint,
          p256dh: json.keys?.p256dh ?? "",
          auth: json.keys?.auth ?? "",
        },
        { method: "post", action: "/admin/alerts" },
      );
    } catch (error) {
      setState({ kind: "off" });
      setProblem(`Notifications could not be turned on: ${messageOf(error)}`);
    }
  }

  async function turnOff(endpoint: string) {
    setProblem(null);
    setState({ kind: "working", what: "Turning notifications off…" });
    try {
      await unsubscribeThisBrowser();
    } catch {
      // The server forgets it all the same: no more alerts are sent to it.
    }
    await fetcher.submit({ intent: "unsubscribe", endpoint }, { method: "post", action: "/admin/alerts" });
  }

  function sendTest(endpoint: string) {
    setProblem(null);
    void fetcher.submit({ intent: "test", endpoint }, { method: "post", action: "/admin/alerts" });
  }

  const busy = fetcher.state !== "idle";
  return (
    <div className="admin-push-switch">
      <p aria-live="polite">{describe(state)}</p>
      {problem ? (
        <div className="admin-alert" role="alert">
          <p>{problem}</p>
        </div>
      ) : null}
      {state.kind === "off" ? (
        <button type="button" className="admin-button" onClick={() => void turnOn()} disabled={busy}>
          Turn on notifications
        </button>
      ) : null}
      {state.kind === "on" ? (
        <div className="admin-actions">
          <button type="button" className="admin-button" onClick={() => sendTest(state.endpoint)} disabled={busy}>
            Send a test notification
          </button>
          <button type="button" className="admin-button admin-button--quiet" onClick={() => void turnOff(state.endpoint)} disabled={busy}>
            Turn off
          </button>
        </div>
      ) : null}
    </div>
  );
}

function describe(state: SwitchState): string {
  switch (state.kind) {
    case "checking":
      // What the server renders: without JavaScript it stays, with it the check replaces it at once.
      return "Turning notifications on needs JavaScript. The list of devices below works without it.";
    case "unsupported":
      if (state.reason === "iphone") {
        return "On an iPhone or iPad, notifications work only once the back office is added to the Home Screen: see below.";
      }
      if (state.reason === "insecure") return "Notifications need the site to be opened over https.";
      return "This browser can't receive push notifications. Try Chrome, Edge, Firefox or Safari on a phone or computer.";
    case "denied":
      return "Notifications are blocked for this site in the browser's settings. Allow them there, then reload this page.";
    case "off":
      return "Notifications are off in this browser.";
    case "on":
      return "Notifications are on in this browser.";
    case "working":
      return state.what;
  }
}
