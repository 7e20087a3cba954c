/**
 * This browser's side of push alerts (ADR 034): whether it can receive them, the back office's
 * service worker (scope /admin/), and its subscription with the site's VAPID public key.
 */
const SW_URL = "/admin/sw.js";
const SW_SCOPE = "/admin/";

export function pushSupport(): "ok" | "iphone" | "browser" | "insecure" {
  if (!window.isSecureContext) return "insecure";
  const hasPush = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (hasPush) return "ok";
  const isAppleMobile = /iPhone|iPad|iPod/.test(navigator.userAgent);
  const isStandalone = window.matchMedia("(display-mode: standalone)").matches;
  return isAppleMobile && !isStandalone ? "iphone" : "browser";
}

export function registerWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE }).then(() => navigator.serviceWorker.ready);
}

/**
 * Subscribes this browser with the site's key. One made with another key (the site's keys were
 * replaced, e.g. a restored database) would be refused by the push service: it is replaced.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  const registration = await registerWorker();
  const serverKey = fromBase64Url(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  return subscription ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }));
}

/** Ends this browser's subscription, if it has one. */
export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration(SW_SCOPE);
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
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

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
