import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

/**
 * The switch for this browser's push alerts: registers the back office's service worker (scope
 * /admin/), asks for permission, subscribes with the site's VAPID public key and posts the
 * subscription to /admin/alerts; or unsubscribes and tells the server. Needs JavaScript, like
 * push itself; the page's list of devices works without it.
 */
type SwitchState =
  | { kind: "checking" }
  | { kind: "unsupported"; reason: "iphone" | "browser" | "insecure" }
  | { kind: "denied" }
  | { kind: "off" }
  | { kind: "on"; endpoint: string }
  | { kind: "working"; what: string };

const SW_URL = "/admin/sw.js";
const SW_SCOPE = "/admin/";

export function PushSwitch({ publicKey, knownEndpoints }: { publicKey: string; knownEndpoints: string[] }) {
  const fetcher = useFetcher();
  const [state, setState] = useState<SwitchState>({ kind: "checking" });
  const [problem, setProblem] = useState<string | null>(null);
  const known = knownEndpoints.join("\n");

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const support = pushSupport();
      if (support !== "ok") {
        if (!cancelled) setState({ kind: "unsupported", reason: support });
        return;
      }
      try {
        const registration = await registerWorker();
        const subscription = await registration.pushManager.getSubscription();
        if (cancelled) return;
        if (Notification.permission === "denied") setState({ kind: "denied" });
        else if (subscription && known.split("\n").includes(subscription.endpoint)) {
          setState({ kind: "on", endpoint: subscription.endpoint });
        } else setState({ kind: "off" });
      } catch (error) {
        if (cancelled) return;
        setState({ kind: "off" });
        setProblem(`This browser could not set up notifications: ${messageOf(error)}`);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [known]);

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
      const registration = await registerWorker();
      const serverKey = fromBase64Url(publicKey);
      let subscription = await registration.pushManager.getSubscription();
      // One made with another key (the site's keys were replaced, e.g. a restored database) would
      // be refused by the push service: replace it.
      if (subscription && !sameBytes(subscription.options.applicationServerKey, serverKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
      const json = subscription.toJSON();
      await fetcher.submit(
        { intent: "subscribe", endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
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
      const registration = await navigator.serviceWorker.getRegistration(SW_SCOPE);
      await (await registration?.pushManager.getSubscription())?.unsubscribe();
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
          <button
            type="button"
            className="admin-button admin-button--quiet"
            onClick={() => void turnOff(state.endpoint)}
            disabled={busy}
          >
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

function pushSupport(): "ok" | "iphone" | "browser" | "insecure" {
  if (!window.isSecureContext) return "insecure";
  const hasPush = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (hasPush) return "ok";
  const isAppleMobile = /iPhone|iPad|iPod/.test(navigator.userAgent);
  const isStandalone = window.matchMedia("(display-mode: standalone)").matches;
  return isAppleMobile && !isStandalone ? "iphone" : "browser";
}

function registerWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE }).then(() => navigator.serviceWorker.ready);
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (value.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.length) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, i) => byte === expected[i]);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
