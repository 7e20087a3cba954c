/**
 * Web Push alerts of new leads (ADR 034), against a local push service (tests/support/
 * push-service.ts): an admin subscribes through /admin/alerts, a homeowner sends the estimate
 * form, and the push service receives a VAPID-signed request whose aes128gcm payload decrypts,
 * with the subscription's own keys, to the alert with the lead's link. A subscription the service
 * reports gone (410) is deleted; a push service that hangs or is down delays no lead.
 */
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { request, startServer, type ServerProcess } from "#tests/support/server.ts";
import { createTestAccount, withSiteDatabase } from "#tests/support/accounts.ts";
import { expectRedirect, startAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { LEAD_ENV, SITE_URL, expectSuccessPage, marker, submitLead, validFields, waitUntil } from "#tests/support/leads.ts";
import { startPushService, verifyVapid, type LocalPushService, type TestPushSubscription } from "#tests/support/push-service.ts";
import { VAPID_SETTING } from "#app/server/push/vapid.server.ts";
import { getSetting } from "#app/server/repos/settings.server.ts";

const targets = databaseTargets("push-alerts", "push alerts suite");

interface Alert {
  title: string;
  body: string;
  url: string;
  tag: string;
}

describe.each(targets)("push alerts on $name", (target) => {
  let site: AdminSite;
  let push: LocalPushService;

  beforeAll(async () => {
    await target.setup();
    push = await startPushService();
    site = await startAdminSite(target, { ...LEAD_ENV, PUSH_ALLOW_LOCAL: "1", NODE_EXTRA_CA_CERTS: push.caFile });
  });

  afterAll(async () => {
    // The push service first: a hanging push is cut off, so the server stops at once.
    await push?.close();
    await tearDownAdminSite(target, site);
  });

  /** A same-origin form post from the admin's browser on the site's domain (PUBLIC_URL). */
  const post = (to: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    site.post(to, fields, { headers: { host: new URL(SITE_URL).host, origin: SITE_URL, ...headers } });

  const subscriptionRows = () =>
    site.db((database) => database.db.selectFrom("push_subscriptions").selectAll().orderBy("created_at").execute());
  const errorOf = async (endpoint: string) => (await subscriptionRows()).find((row) => row.endpoint === endpoint)?.last_error;
  const jobRows = () => site.db((database) => database.db.selectFrom("push_jobs").selectAll().execute());
  const leadByMark = (mark: string) =>
    site.db((database) => database.db.selectFrom("leads").selectAll().where("email", "=", `${mark}@home.test`).executeTakeFirstOrThrow());

  async function subscribe(subscription: Pick<TestPushSubscription, "endpoint" | "p256dh" | "auth">) {
    return post(
      "/admin/alerts",
      { intent: "subscribe", endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth },
      {
        "user-agent": "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Mobile Safari/537.36",
      },
    );
  }

  async function unsubscribeAll() {
    for (const row of await subscriptionRows()) {
      expectRedirect(await post("/admin/alerts", { intent: "remove", subscriptionId: row.id }), "/admin/alerts?done=removed");
    }
  }

  test("the page gives the browser the VAPID public key, never the private one, and lists no device yet", async () => {
    const res = await site.get("/admin/alerts");
    expect(res.status).toBe(200);
    const keys = (await site.db((database) => getSetting({ db: database.db, key: VAPID_SETTING }))) as {
      publicKey: string;
      privateKey: string;
    };
    expect(keys.publicKey).toMatch(/^[\w-]{87}$/);
    expect(res.text).toContain(keys.publicKey);
    expect(res.text).not.toContain(keys.privateKey);
    expect(textOf(res.text)).toContain("Alerts on this phone");
    expect(textOf(res.text)).toContain("No device of yours gets alerts yet.");
  });

  test("refuses a subscription it cannot use, with a sentence, and stores nothing", async () => {
    const good = push.subscribe();
    const cases: [Record<string, string>, RegExp][] = [
      [{ endpoint: good.endpoint, p256dh: good.p256dh }, /no auth secret/],
      [{ endpoint: good.endpoint, p256dh: "abc", auth: good.auth }, /not a P-256 public key/],
      [{ endpoint: good.endpoint.replace("https:", "http:"), p256dh: good.p256dh, auth: good.auth }, /must be an https address/],
      [{ endpoint: "not a url", p256dh: good.p256dh, auth: good.auth }, /not a web address/],
    ];
    for (const [fields, message] of cases) {
      const res = await post("/admin/alerts", { intent: "subscribe", ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(textOf(res.text)).toMatch(message);
    }
    const unknown = await post("/admin/alerts", { intent: "launch" });
    expect(unknown.status).toBe(400);
    expect(textOf(unknown.text)).toContain("is not something this page can do");
    expect(await subscriptionRows()).toEqual([]);
  });

  test("a new lead is pushed: VAPID-signed, encrypted for the subscription, opening the lead", async () => {
    const phone = push.subscribe();
    expectRedirect(await subscribe(phone), "/admin/alerts?done=subscribed");
    const [row] = await subscriptionRows();
    expect(row).toMatchObject({
      user_id: site.admin.user.id,
      endpoint: phone.endpoint,
      user_agent: "Chrome on Android",
    });
    const page = await site.get("/admin/alerts?done=subscribed");
    expect(textOf(page.text)).toContain("Chrome on Android");
    expect(textOf(page.text)).toContain("Notifications are on for this browser");

    const mark = marker("push");
    const started = Date.now();
    expectSuccessPage(await submitLead(site.server, validFields(mark, { subject: "Bathroom", zip: "77008" })));
    const lead = await leadByMark(mark);
    await waitUntil(() => push.receivedFor(phone.id).length === 1, 10_000, "the push");
    const [received] = push.receivedFor(phone.id);
    expect(received!.receivedAt - started).toBeLessThan(5_000);

    expect(received!.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(received!.headers.ttl)).toBeGreaterThan(0);
    const keys = (await site.db((database) => getSetting({ db: database.db, key: VAPID_SETTING }))) as {
      publicKey: string;
    };
    const claims = verifyVapid(received!.headers.authorization);
    expect(claims.publicKey).toBe(keys.publicKey);
    expect(claims.aud).toBe(push.origin);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);

    const alert = JSON.parse(phone.decrypt(received!.body)) as Alert;
    expect(alert).toEqual({
      title: "New estimate request",
      body: "Bathroom · 77008 · 0 photos",
      url: `/admin/leads/${lead.id}`,
      tag: `lead-${lead.id}`,
    });
    // No name, phone, email or message passes through the push service.
    expect(JSON.stringify(alert)).not.toContain(mark);
    expect(JSON.stringify(alert)).not.toContain("Maria");

    await waitUntil(async () => (await jobRows()).length === 0, 5_000, "the job to be done");
    const [after] = await subscriptionRows();
    expect(after!.last_success_at).not.toBeNull();
    expect(after!.last_error).toBeNull();
  });

  test("a lead filed as spam pushes nothing", async () => {
    const before = push.received.length;
    const mark = marker("spam");
    expectSuccessPage(await submitLead(site.server, validFields(mark, { company_website: "https://spam.example" })));
    expect((await leadByMark(mark)).is_spam).toBe(1);
    expect(await jobRows()).toEqual([]);
    // A real lead after it: once its push arrived, one for the spam would have too.
    const sentinel = marker("sentinel");
    expectSuccessPage(await submitLead(site.server, validFields(sentinel)));
    await waitUntil(() => push.received.length === before + 1, 10_000, "the sentinel's push");
  });

  test("'Send a test notification' pushes the test alert to the chosen device; unknown devices get 404", async () => {
    const [row] = await subscriptionRows();
    const phone = push.receivedFor(row!.endpoint.split("/").at(-1)!);
    const before = phone.length;
    expectRedirect(await post("/admin/alerts", { intent: "test", subscriptionId: row!.id }), "/admin/alerts?done=test-sent");
    const received = push.receivedFor(row!.endpoint.split("/").at(-1)!);
    expect(received.length).toBe(before + 1);

    const missing = await post("/admin/alerts", {
      intent: "test",
      subscriptionId: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(404);
    expect(textOf(missing.text)).toContain("We couldn't find that device");
    const notAnId = await post("/admin/alerts", { intent: "remove", subscriptionId: "x' or 1=1" });
    expect(notAnId.status).toBe(404);
  });

  test("a subscription the push service reports gone (410) is deleted, with its alert", async () => {
    await unsubscribeAll();
    const gone = push.subscribe("gone");
    expectRedirect(await subscribe(gone), "/admin/alerts?done=subscribed");
    expect(await subscriptionRows()).toHaveLength(1);

    const mark = marker("gone");
    expectSuccessPage(await submitLead(site.server, validFields(mark)));
    await waitUntil(() => push.receivedFor(gone.id).length === 1, 10_000, "the push to the gone subscription");
    await waitUntil(async () => (await subscriptionRows()).length === 0, 5_000, "the subscription to be deleted");
    expect(await jobRows()).toEqual([]);
    // The lead itself is there, as ever.
    expect((await leadByMark(mark)).status).toBe("new");
  });

  test("a test notification to a gone subscription removes it and says so", async () => {
    const gone = push.subscribe("gone");
    expectRedirect(await subscribe(gone), "/admin/alerts?done=subscribed");
    const [row] = await subscriptionRows();
    expectRedirect(await post("/admin/alerts", { intent: "test", subscriptionId: row!.id }), "/admin/alerts?done=test-gone");
    expect(await subscriptionRows()).toEqual([]);
  });

  test("'Turn off' forgets this browser's subscription", async () => {
    const phone = push.subscribe();
    expectRedirect(await subscribe(phone), "/admin/alerts?done=subscribed");
    expectRedirect(await post("/admin/alerts", { intent: "unsubscribe", endpoint: phone.endpoint }), "/admin/alerts?done=unsubscribed");
    expect(await subscriptionRows()).toEqual([]);
  });

  test("a push service that hangs or is down neither delays nor loses the lead", async () => {
    const hanging = push.subscribe("hang");
    expectRedirect(await subscribe(hanging), "/admin/alerts?done=subscribed");
    // A port nobody listens on: connection refused.
    const closedPort = await freePort();
    const down = push.subscribe();
    expectRedirect(
      await subscribe({ ...down, endpoint: `https://127.0.0.1:${closedPort}/push/${down.id}` }),
      "/admin/alerts?done=subscribed",
    );

    for (let i = 0; i < 3; i++) {
      const mark = marker("slow");
      const started = Date.now();
      const res = await submitLead(site.server, validFields(mark));
      const took = Date.now() - started;
      expectSuccessPage(res);
      expect(took, "the estimate answer's time").toBeLessThan(2_000);
      expect((await leadByMark(mark)).status).toBe("new");
    }
    await waitUntil(() => push.receivedFor(hanging.id).length >= 1, 10_000, "the hanging push to reach the service");
    // The alerts wait in the queue for their retry; nothing was lost on the way.
    const jobs = await jobRows();
    expect(jobs.length).toBeGreaterThanOrEqual(5);
    await waitUntil(
      async () => /ECONNREFUSED/.test((await errorOf(`https://127.0.0.1:${closedPort}/push/${down.id}`)) ?? ""),
      15_000,
      "the refused connection to be recorded",
    );
    // The hanging service is cut off after the send timeout (10 s), and that is recorded too.
    await waitUntil(
      async () => (await errorOf(hanging.endpoint)) === "The push service did not answer in time",
      20_000,
      "the timeout to be recorded",
    );
    const health = await site.get("/healthz", "");
    expect(health.status).toBe(200);
  }, 60_000);
});

describe("a lead stored just before a crash", () => {
  let push: LocalPushService;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    push = await startPushService();
    dataDir = await mkdtemp(path.join(tmpdir(), "push-crash-"));
  });

  afterAll(async () => {
    await push?.close();
    for (const server of servers) await server.stop("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  });

  test("still alerts: its alert was queued with it, and the next process sends it", async () => {
    const env = { ...LEAD_ENV, PUSH_ALLOW_LOCAL: "1", NODE_EXTRA_CA_CERTS: push.caFile };
    const first = await startServer({ env, dataDir });
    servers.push(first);
    const admin = await createTestAccount({ dataDir }, { role: "admin" });
    const phone = push.subscribe();
    // Subscribed with the push service unreachable at first: the alert fails and waits for its retry.
    const closedPort = await freePort();
    const body = new URLSearchParams({
      intent: "subscribe",
      endpoint: `https://127.0.0.1:${closedPort}/push/${phone.id}`,
      p256dh: phone.p256dh,
      auth: phone.auth,
    }).toString();
    const subscribed = await request(`${first.url}/admin/alerts`, {
      method: "POST",
      headers: {
        host: new URL(SITE_URL).host,
        origin: SITE_URL,
        cookie: admin.cookie,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(Buffer.byteLength(body)),
      },
      body,
    });
    expect(subscribed.status, subscribed.text.slice(0, 300)).toBe(302);

    const mark = marker("crash");
    expectSuccessPage(await submitLead(first, validFields(mark, { subject: "Fences", zip: "77019" })));
    const exit = await first.stop("SIGKILL");
    expect(exit.signal).toBe("SIGKILL");

    // What the crash left: the lead and its queued alert. The push service is reachable again.
    const leadId = await withSiteDatabase({ dataDir }, async (database) => {
      const lead = await database.db.selectFrom("leads").select("id").where("email", "=", `${mark}@home.test`).executeTakeFirstOrThrow();
      const jobs = await database.db.selectFrom("push_jobs").selectAll().where("lead_id", "=", lead.id).execute();
      expect(jobs).toHaveLength(1);
      await database.db
        .updateTable("push_subscriptions")
        .set({ endpoint: phone.endpoint })
        .where("endpoint", "like", `%/push/${phone.id}`)
        .execute();
      // Due now rather than after the retry delay (or the dead process's lease), so the test need not wait.
      await database.db
        .updateTable("push_jobs")
        .set({ next_attempt_at: new Date().toISOString(), locked_until: null, locked_by: null })
        .execute();
      return lead.id;
    });

    const second = await startServer({ env, dataDir });
    servers.push(second);
    await waitUntil(() => push.receivedFor(phone.id).length === 1, 15_000, "the alert from the restarted server");
    const alert = JSON.parse(phone.decrypt(push.receivedFor(phone.id)[0]!.body)) as Alert;
    expect(alert.url).toBe(`/admin/leads/${leadId}`);
    expect(alert.body).toBe("Fences · 77019 · 0 photos");
  }, 60_000);
});

function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
