import { expect, test } from "vitest";
import { bookingPushPayload, leadPushPayload, leadWaitingPushPayload, testPushPayload } from "#app/server/push/payload.server.ts";
import { deviceLabel } from "#app/server/push/devices.server.ts";
import { vapidSubject } from "#app/server/push/vapid.server.ts";

const lead = {
  id: "6f1c1c1e-8d2a-4c3e-9a51-1a2b3c4d5e6f",
  subject: "Kitchen Remodeling",
  zip: "77008",
  status: "new" as const,
};

test("a new lead's alert: service, ZIP and photo count, and the link to the request", () => {
  expect(leadPushPayload(lead, 3)).toEqual({
    title: "New estimate request",
    body: "Kitchen Remodeling · 77008 · 3 photos",
    url: `/admin/leads/${lead.id}`,
    tag: `lead-${lead.id}`,
  });
  expect(leadPushPayload(lead, 1).body).toBe("Kitchen Remodeling · 77008 · 1 photo");
  expect(leadPushPayload({ ...lead, zip: null }, 0).body).toBe("Kitchen Remodeling · no ZIP · 0 photos");
});

test("an unanswered request's reminder: for what, never whom (the name stays behind the link), and the request's page", () => {
  const payload = leadWaitingPushPayload({ id: lead.id, from_name: " Maria   Lopez ", subject: "Kitchen   Remodeling" } as never);
  expect(payload).toEqual({
    title: "No answer yet: Kitchen Remodeling",
    body: "Still waiting for your first answer. Tap to open the request.",
    url: `/admin/leads/${lead.id}`,
    tag: `lead-waiting-${lead.id}`,
  });
  expect(JSON.stringify(payload)).not.toContain("Maria");
  expect(leadWaitingPushPayload({ id: lead.id, subject: "" }).title).toBe("No answer yet: Estimate request");
});

test("a request from the Spanish site says the homeowner prefers Spanish (ADR 064)", () => {
  expect(leadPushPayload({ ...lead, locale: "es" }, 2).body).toBe("Kitchen Remodeling · 77008 · 2 photos · Prefers Spanish");
  expect(leadPushPayload({ ...lead, locale: "en" }, 2).body).toBe("Kitchen Remodeling · 77008 · 2 photos");
});

test("a request that needs review says so", () => {
  expect(leadPushPayload({ ...lead, status: "review" }, 0).title).toBe("New estimate request (needs review)");
});

test("a long or odd subject is cut and folded to one line", () => {
  const body = leadPushPayload({ ...lead, subject: `  Fence\n\n${"x".repeat(200)}` }, 0).body;
  expect(body.split(" · ")[0]).toHaveLength(60);
  expect(body).not.toContain("\n");
  expect(leadPushPayload({ ...lead, subject: "   " }, 0).body).toMatch(/^Estimate request · /);
});

test("a booking's alert: the time, no name; a time to confirm opens the dashboard, the rest the request", () => {
  const window = "Sat, Dec 5, 8:00–10:00 AM";
  expect(bookingPushPayload({ kind: "requested", window, leadId: lead.id })).toEqual({
    title: "Visit requested: confirm it",
    body: window,
    url: "/admin",
    tag: `booking-${lead.id}`,
  });
  for (const [kind, title] of [
    ["booked", "Visit booked"],
    ["moved", "Visit moved"],
    ["cancelled", "Visit cancelled"],
  ] as const) {
    expect(bookingPushPayload({ kind, window, leadId: lead.id })).toEqual({
      title,
      body: window,
      url: `/admin/leads/${lead.id}`,
      tag: `booking-${lead.id}`,
    });
  }
  expect(bookingPushPayload({ kind: "moved", window: ` Sat,\n Dec 5 ${"x".repeat(200)}`, leadId: lead.id }).body).toMatch(
    /^Sat, Dec 5 x+$/,
  );
  expect(bookingPushPayload({ kind: "moved", window: "x".repeat(200), leadId: lead.id }).body).toHaveLength(120);
});

test("the test alert opens the alerts page", () => {
  expect(testPushPayload().url).toBe("/admin/alerts");
});

test("devices are named by browser and system, without versions", () => {
  expect(
    deviceLabel("Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36"),
  ).toBe("Chrome on Android");
  expect(
    deviceLabel(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    ),
  ).toBe("Safari on iPhone");
  expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:135.0) Gecko/20100101 Firefox/135.0")).toBe("Firefox on Windows");
  expect(
    deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36 Edg/142.0"),
  ).toBe("Edge on Windows");
  expect(deviceLabel("curl/8.5")).toBe("A browser");
  expect(deviceLabel(null)).toBeNull();
});

test("the VAPID contact: the public email, else the https site, else the lead inbox", () => {
  expect(vapidSubject({ publicEmail: "hello@remodel.test", publicUrl: "https://www.remodel.test", leadInbox: "o@r.test" })).toBe(
    "mailto:hello@remodel.test",
  );
  expect(vapidSubject({ publicEmail: "", publicUrl: "https://www.remodel.test", leadInbox: "o@r.test" })).toBe("https://www.remodel.test");
  expect(vapidSubject({ publicEmail: null, publicUrl: "http://localhost:3000", leadInbox: "owner@remodel.test" })).toBe(
    "mailto:owner@remodel.test",
  );
});
