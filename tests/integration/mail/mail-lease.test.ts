/**
 * MAIL_LEASE_SECONDS reaches the outbox of the real server: while an email is being sent (here to
 * a mail server that accepts the connection and never greets), its job is reserved for the
 * configured time, not the old fixed 120 s.
 */
import net from "node:net";
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import { LEAD_ENV, expectSuccessPage, marker, submitLead, validFields, waitUntil } from "#tests/support/leads.ts";
import { leadsMarked, openSiteDb } from "#tests/support/site-db.ts";

let silent: net.Server;
const sockets = new Set<net.Socket>();
let site: ServerProcess;
let db: BetterSqlite3.Database;

beforeAll(async () => {
  // A mail server that never says a word: the send stays in progress (nodemailer waits for the greeting).
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const port = (silent.address() as net.AddressInfo).port;
  site = await startServer({
    env: { ...LEAD_ENV, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_LEASE_SECONDS: "900", MAIL_POLL_SECONDS: "0.2" },
  });
  db = openSiteDb(site.dataDir);
});

afterAll(async () => {
  db?.close();
  await stopAllServers();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

test("an email being sent is reserved for MAIL_LEASE_SECONDS (900 s here)", async () => {
  const mark = marker("lease");
  expectSuccessPage(await submitLead(site, validFields(mark)));
  const leadId = leadsMarked(db, mark)[0]!.id;
  const sending = () =>
    db.prepare("select locked_until from email_jobs where lead_id = ? and status = 'sending'").get(leadId) as
      { locked_until: string } | undefined;
  await waitUntil(() => sending() !== undefined, 10_000, "a job being sent");
  const reservedForSeconds = (Date.parse(sending()!.locked_until) - Date.now()) / 1000;
  expect(reservedForSeconds).toBeGreaterThan(880);
  expect(reservedForSeconds).toBeLessThanOrEqual(900);
});
