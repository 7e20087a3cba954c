/**
 * Outgoing requests to addresses a user or a file supplies (issue 22 item 5, ADR 046): a canary
 * listener on 127.0.0.1 and ::1 counts every connection it receives while push endpoints and
 * Firebase-import addresses point at it in every form: IPv4 in decimal, octal, hex and short
 * notation, IPv6 forms that embed IPv4 (mapped, compatible, NAT64, 6to4, Teredo), trailing-dot
 * names, a public-looking name that resolves to loopback (an injected resolver: /etc/hosts is not
 * ours to edit) and a public server that redirects to loopback. Each is refused in words and the
 * canary counts zero; with the operator's --allow-private-addresses the import reaches it.
 *
 * The forms that embed 127.0.0.1 in a NAT64, 6to4, Teredo or compatible address cannot reach
 * the canary on this machine whatever the code does (no gateway): for them the check is that
 * the refusal is the guard's sentence, not a network error after a connection attempt.
 */
import { createECDH, randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer as createHttpServer, type Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateToLatest, openDatabase, type Database } from "#app/server/db/index.server.ts";
import { importFirebaseGallery } from "#app/server/gallery/import.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { OutboundRefusedError, safeGet, type Resolver } from "#app/server/net/outbound.server.ts";
import { createPushAlerts } from "#app/server/push/alerts.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";
import type { PushSubscriptionRow } from "#app/server/repos/push-subscriptions.server.ts";
import { createBlobStore } from "#app/server/storage/create-blob-store.server.ts";
import { textOf, setUpAdminSite, tearDownAdminSite, type AdminSite } from "#tests/support/admin-site.ts";
import { runCli, type CliRun } from "#tests/support/cli.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { testImageQueue } from "#tests/support/photos.ts";

interface Canary {
  port: number;
  hits(): number;
  close(): Promise<void>;
}

/** One port on 127.0.0.1 and on ::1; every connection counts, whatever it sends. */
async function startCanary(): Promise<Canary> {
  let hits = 0;
  const sockets = new Set<net.Socket>();
  const make = () =>
    net.createServer((socket) => {
      hits++;
      sockets.add(socket);
      socket.on("error", () => {});
      socket.end("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 4\r\nConnection: close\r\n\r\njpeg");
    });
  for (;;) {
    const v4 = make();
    await new Promise<void>((resolve) => v4.listen(0, "127.0.0.1", resolve));
    const port = (v4.address() as AddressInfo).port;
    const v6 = make();
    const listening = await new Promise<boolean>((resolve) => {
      v6.once("error", () => resolve(false));
      v6.listen(port, "::1", () => resolve(true));
    });
    if (!listening) {
      await new Promise((resolve) => v4.close(resolve));
      continue;
    }
    return {
      port,
      hits: () => hits,
      async close() {
        for (const socket of sockets) socket.destroy();
        await Promise.all([v4, v6].map((server) => new Promise((resolve) => server.close(resolve))));
      },
    };
  }
}

/** Every form of "this machine" the fault report tried, as the host part of a URL. */
const FORMS: [string, string][] = [
  ["IPv4 loopback", "127.0.0.1"],
  ["IPv6 loopback", "[::1]"],
  ["localhost", "localhost"],
  ["localhost. (trailing dot)", "localhost."],
  ["decimal 2130706433", "2130706433"],
  ["octal 0177.0.0.1", "0177.0.0.1"],
  ["hex 0x7f000001", "0x7f000001"],
  ["hex dotted 0x7f.0.0.1", "0x7f.0.0.1"],
  ["short 127.1", "127.1"],
  ["127.0.0.1. (trailing dot)", "127.0.0.1."],
  ["IPv4-mapped ::ffff:127.0.0.1", "[::ffff:127.0.0.1]"],
  ["IPv4-compatible ::127.0.0.1", "[::127.0.0.1]"],
  ["NAT64 64:ff9b::127.0.0.1", "[64:ff9b::127.0.0.1]"],
  ["local NAT64 64:ff9b:1::7f00:1", "[64:ff9b:1::7f00:1]"],
  ["6to4 2002:7f00:1::", "[2002:7f00:1::]"],
  ["Teredo (client 127.0.0.1)", "[2001:0:4136:e378:8000:63bf:80ff:fffe]"],
];

/** A name that looks public and resolves to loopback: DNS pointed inward, or rebinding. */
const INWARD_NAME = "photos.example.com";
const inward: Resolver = async (hostname) => {
  if (hostname === INWARD_NAME)
    return [
      { address: "127.0.0.1", family: 4 },
      { address: "::1", family: 6 },
    ];
  throw Object.assign(new Error(`${hostname}: unknown to this test`), { code: "ENOTFOUND" });
};

let canary: Canary;
let tempRoot = "";
beforeAll(async () => {
  canary = await startCanary();
  tempRoot = await mkdtemp(path.join(os.tmpdir(), "faults-outbound-"));
});
afterAll(async () => {
  await canary?.close();
  if (tempRoot) await rm(tempRoot, { recursive: true, force: true });
});

/** How many connections the canary got while `step` ran (a settled step has made all it will). */
async function hitsDuring(step: () => Promise<unknown>): Promise<number> {
  const before = canary.hits();
  await step();
  // A connection accepted by the kernel is counted on the next turns of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return canary.hits() - before;
}

const zeroFor = (names: string[]) => Object.fromEntries(names.map((name) => [name, 0]));

/** A subscription row as one stored before ADR 046 (or by a rebinding name) could be. */
const subscription = (endpoint: string): PushSubscriptionRow => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    id: randomBytes(8).toString("hex"),
    user_id: "nobody",
    endpoint,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
    user_agent: null,
    created_at: new Date().toISOString(),
    last_success_at: null,
    last_error: null,
  };
};

/** Where the stand-in public server redirects to: every form, and the inward name. */
const redirectCases = (): [string, string][] => [
  ...FORMS.map(([name, host]): [string, string] => [`redirect to ${name}`, `http://${host}:${canary.port}/x.jpg`]),
  [`redirect to ${INWARD_NAME}`, `http://${INWARD_NAME}:${canary.port}/x.jpg`],
];

describe.each(databaseTargets("faults-outbound", "outbound faults suite"))("push subscriptions on $name", (target) => {
  let site: AdminSite;
  beforeAll(async () => {
    site = await setUpAdminSite(target);
  });
  afterAll(() => tearDownAdminSite(target, site));

  test("an endpoint on this machine in any form is refused with a sentence, stored nowhere, never contacted", async () => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
    const hits: Record<string, number> = {};
    for (const [name, host] of FORMS) {
      hits[name] = await hitsDuring(async () => {
        const res = await site.post("/admin/alerts", {
          intent: "subscribe",
          endpoint: `https://${host}:${canary.port}/push/x`,
          ...keys,
        });
        expect(res.status, name).toBe(400);
        expect(textOf(res.text), name).toContain("points at a private or local address; only a browser's push service is accepted");
      });
    }
    expect(hits).toEqual(zeroFor(FORMS.map(([name]) => name)));
    expect(await site.db((database) => database.db.selectFrom("push_subscriptions").selectAll().execute())).toEqual([]);
  });
});

describe("sending alerts and importing photos (in this process, with an injected resolver)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: path.join(tempRoot, "in-process") });
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  test("an alert to an endpoint stored earlier in any of these forms, or to a name that now resolves to loopback, is not sent", async () => {
    const alerts = createPushAlerts({
      database,
      clock: createSiteClock("America/Chicago"),
      logger: createLogger({ level: "silent" }),
      subject: async () => "mailto:owner@remodel.test",
      allowLocal: false,
      resolveHost: inward,
    });
    const cases: [string, string][] = [...FORMS, [`${INWARD_NAME} → 127.0.0.1 and ::1`, INWARD_NAME]];
    const hits: Record<string, number> = {};
    for (const [name, host] of cases) {
      hits[name] = await hitsDuring(async () => {
        const outcome = await alerts.sendNow(subscription(`https://${host}:${canary.port}/push/x`), {
          title: "t",
          body: "b",
          url: "/admin",
          tag: "t",
        });
        expect(outcome, name).toMatchObject({ kind: "failed", permanent: true });
        expect(outcome.kind === "failed" && outcome.message, name).toMatch(/private or local address/);
      });
    }
    expect(hits).toEqual(zeroFor(cases.map(([name]) => name)));
    await alerts.stop();
  });

  let redirector: Server;
  let redirectorOrigin = "";
  beforeAll(async () => {
    // Stands in for a public server (the test trusts 127.0.0.2 as public): it redirects to the canary.
    redirector = createHttpServer((req, res) => {
      const to = new URL(req.url ?? "/", "http://x").searchParams.get("to") ?? "";
      res.writeHead(302, { Location: to }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.2", resolve));
    redirectorOrigin = `http://127.0.0.2:${(redirector.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => redirector?.close(resolve));
  });

  const redirecting = (to: string) => `${redirectorOrigin}/moved?to=${encodeURIComponent(to)}`;

  test("a public address that redirects to this machine is refused at the redirect, in any form", async () => {
    const policy = { resolve: inward, trustedAddresses: ["127.0.0.2"] };
    const hits: Record<string, number> = {};
    for (const [name, to] of redirectCases()) {
      hits[name] = await hitsDuring(async () => {
        const error = await safeGet(redirecting(to), policy).then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error, name).toBeInstanceOf(OutboundRefusedError);
        expect((error as OutboundRefusedError).refusal.reason, name).toBe("private");
      });
    }
    expect(hits).toEqual(zeroFor(redirectCases().map(([name]) => name)));
    // The same redirect is followed when private addresses are allowed: the refusals above were the guard's.
    expect(
      await hitsDuring(() =>
        safeGet(redirecting(`http://127.0.0.1:${canary.port}/x.jpg`), { ...policy, allowPrivate: true }).then((response) =>
          response.read(),
        ),
      ),
    ).toBe(1);
  });

  test("the import refuses every form, a redirect to loopback and a name resolving there, each in its line", async () => {
    const dataDir = path.join(tempRoot, "in-process");
    const documents = [
      ...FORMS.map(([name, host], index) => ({
        id: `form${index}`,
        name,
        imageFile: `http://${host}:${canary.port}/x.jpg`,
      })),
      { id: "inward", name: INWARD_NAME, imageFile: `http://${INWARD_NAME}:${canary.port}/x.jpg` },
      ...redirectCases().map(([name, to], index) => ({ id: `redirect${index}`, name, imageFile: redirecting(to) })),
    ];
    const lines: string[] = [];
    let summary;
    const hits = await hitsDuring(async () => {
      summary = await importFirebaseGallery({
        deps: {
          db: database.db,
          dialect: database.dialect,
          blobStore: await createBlobStore({ env: { STORAGE: "local" } as never, dataDir }),
          logger: createLogger({ level: "silent" }),
          images: testImageQueue(),
        },
        limits: { maxBytes: 1_000_000, maxPixels: 50_000_000, dataDir },
        documents: documents.map(({ id, imageFile }) => ({ id, imageFile, problem: null })),
        category: "repair",
        report: (line) => lines.push(line),
        outbound: { resolve: inward, trustedAddresses: ["127.0.0.2"] },
      });
    });
    expect(hits).toBe(0);
    expect(summary).toMatchObject({ imported: 0, failed: documents.length });
    for (const { id, name } of documents) {
      expect(
        lines.find((line) => line.startsWith(`✗ ${id}: `)),
        name,
      ).toMatch(
        /^✗ \w+: refused: .+ is a private or local address, not a public one \(to import from your own network, pass --allow-private-addresses\)$/,
      );
    }
  });
});

describe("cli import-firebase as the operator runs it", () => {
  test("every form is refused in its line without a connection; --allow-private-addresses reaches the same address", async () => {
    const exportFile = path.join(tempRoot, "export.json");
    await writeFile(
      exportFile,
      JSON.stringify(FORMS.map(([, host], index) => ({ id: `form${index}`, imageFile: `http://${host}:${canary.port}/x.jpg` }))),
    );
    const dataDir = path.join(tempRoot, "cli");
    let run: CliRun = { code: -1, stdout: "", stderr: "" };
    const hits = await hitsDuring(async () => {
      run = await runCli(["import-firebase", "--export", exportFile], { DATA_DIR: dataDir });
    });
    expect(hits).toBe(0);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    FORMS.forEach(([name], index) => {
      expect(
        run.stdout.split("\n").find((line) => line.startsWith(`✗ form${index}: `)),
        name,
      ).toMatch(/refused: .+ is a private or local address/);
    });
    expect(run.stdout).toContain(`Imported 0, skipped 0, failed ${FORMS.length} (of ${FORMS.length}).`);

    const allowed = path.join(tempRoot, "allowed.json");
    await writeFile(allowed, JSON.stringify([{ id: "lan", imageFile: `http://127.0.0.1:${canary.port}/x.jpg` }]));
    let lan = run;
    expect(
      await hitsDuring(async () => {
        lan = await runCli(["import-firebase", "--export", allowed, "--allow-private-addresses"], {
          DATA_DIR: dataDir,
        });
      }),
    ).toBe(1);
    // The canary's four bytes are no photo: the download happened and the pipeline said so.
    expect(lan.stdout).toMatch(/✗ lan: not an image/);
    const help = await runCli(["import-firebase", "--help"]);
    expect(help.stdout).toContain("--allow-private-addresses");
  }, 60_000);
});
