/*
 * The back office's service worker, served at /admin/sw.js with the scope /admin/
 * (docs/decisions/034-web-push-alerts.md). It shows the push alerts of new estimate requests
 * and opens the request when one is tapped.
 *
 * It caches nothing: there is no fetch handler, so every admin page and file comes from the
 * network exactly as without it, and no private data is ever kept on the phone by it.
 */
/* eslint-env serviceworker */

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch {
      data = { body: event.data.text() };
    }
  }
  const title = typeof data.title === "string" && data.title ? data.title : "New estimate request";
  // Only a page of the back office may be opened from a notification.
  const url = typeof data.url === "string" && data.url.startsWith("/admin") ? data.url : "/admin/leads";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      icon: "/icons/admin-192.png",
      badge: "/icons/admin-badge-96.png",
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = event.notification.data && typeof event.notification.data.url === "string" ? event.notification.data.url : "/admin";
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(openAdminPage(target));
});

/** Shows `target` in an open back-office window if there is one, else in a new window. */
async function openAdminPage(target) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).pathname.startsWith("/admin")) {
      try {
        const focused = await client.focus();
        if (client.url !== target) await (focused || client).navigate(target);
        return;
      } catch {
        // A window this worker does not control cannot be navigated: open a new one below.
      }
    }
  }
  await self.clients.openWindow(target);
}
