/**
 * The container image (issue 24): the repository's Dockerfile built with podman and run as an
 * operator runs it (docs/operating/container.md). No registry is reachable here, so the image's
 * BASE is a Node 24 base made from Debian packages (scripts/container/base-image.ts; kept between
 * runs), in place of the official node:24-bookworm-slim.
 *
 * One named volume at /data, three containers on it one after the other, as upgrades replace
 * them: the first takes an estimate request and is stopped; the second finds it in the admin
 * inbox and is stopped with a request in flight, which is answered; the third finds that one too.
 * Each stop is `podman stop -t 20`: the server, PID 1, must drain and exit 0 by itself (podman
 * would SIGKILL it at 20 s: exit 137). Also: it runs as user 10001, its HEALTHCHECK says healthy,
 * and it has a font to draw the share card's words with.
 *
 * Needs podman, runc, debootstrap and root; says plainly that it was skipped otherwise.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BASE_IMAGE, ensureBaseImage } from "#scripts/container/base-image.ts";
import {
  buildSiteImage,
  missingForPodman,
  podman,
  podmanRun,
  removeContainer,
  removeVolume,
  runContainer,
  waitForHealthz,
  which,
} from "#scripts/container/podman.ts";
import { SUCCESS, validFields, marker } from "#tests/support/leads.ts";
import { root } from "#tests/support/server.ts";

const IMAGE = "localhost/houston-site:test";
const PORT = 5210;
const SITE = `http://127.0.0.1:${PORT}`;
/** `podman stop -t`: the app's own limit is SHUTDOWN_TIMEOUT_SECONDS, 10 by default. */
const STOP_GRACE_SECONDS = 20;
/** The site's own user in the image (Dockerfile). */
const SITE_UID = "10001";

const missing = missingForPodman();
const caddy = which("caddy");

// compose.yaml's Caddyfile, as Caddy reads it with the settings compose passes.
test.skipIf(!caddy)(
  `compose's Caddyfile: HTTPS for SITE_DOMAIN, straight to the site's container${caddy ? "" : " (SKIPPED: caddy is not installed)"}`,
  () => {
    const adapted = spawnSync(caddy!, ["adapt", "--config", path.join(root, "deploy/container/Caddyfile")], {
      encoding: "utf8",
      env: { ...process.env, SITE_DOMAIN: "www.remodel.test", ACME_EMAIL: "owner@remodel.test" },
    });
    expect(adapted.status, adapted.stderr).toBe(0);
    const config = JSON.stringify(JSON.parse(adapted.stdout));
    expect(config).toContain('"listen":[":443"]');
    expect(config).toContain('"host":["www.remodel.test"]');
    expect(config).toContain('"upstreams":[{"dial":"site:3000"}]');
    expect(config).toContain('"email":"owner@remodel.test"');
    // compose.yaml mounts this very file into the caddy service, and names the site service `site`.
    const compose = readFileSync(path.join(root, "compose.yaml"), "utf8");
    expect(compose).toContain("- ./deploy/container/Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(compose).toMatch(/^  site:$/m);
  },
);

if (missing.length > 0) {
  console.warn(`Container image test SKIPPED: ${missing.join("; ")}`);
  test.skip(`Container image test SKIPPED: ${missing.join("; ")}`, () => {});
} else {
  describe("container image: built with podman, run on a volume, stopped with SIGTERM", () => {
    const id = randomBytes(4).toString("hex");
    const volume = `houston-site-test-${id}`;
    const containers: string[] = [];
    const admin = { email: "owner@container.test", password: `container ${randomBytes(9).toString("base64url")}` };
    let adminCookie = "";
    // FORM_MIN_SECONDS=0: the form's minimum time is the form's business, not the image's.
    const env = { PUBLIC_URL: SITE, FORM_MIN_SECONDS: "0" };

    async function start(): Promise<string> {
      const name = `houston-site-test-${id}-${containers.length + 1}`;
      containers.push(name);
      await runContainer({ image: IMAGE, name, volume, port: PORT, env });
      await waitForHealthz(name, PORT, 90_000);
      return name;
    }

    async function formToken(): Promise<string> {
      const res = await fetch(`${SITE}/form-token`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { token: string }).token;
    }

    function post(pathname: string, body: string, cookie?: string) {
      return fetch(`${SITE}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
        body,
      });
    }

    /** Whether the admin inbox lists a request with this mark. */
    async function inboxHas(mark: string): Promise<boolean> {
      const res = await fetch(`${SITE}/admin/leads?q=${mark}`, { headers: { cookie: adminCookie } });
      expect(res.status).toBe(200);
      return (await res.text()).includes(`Kitchen remodel ${mark}`);
    }

    beforeAll(async () => {
      // About 30 s to 3 min for the base when it is missing, then a few minutes for the site's image.
      await ensureBaseImage();
      await buildSiteImage({ tag: IMAGE, base: BASE_IMAGE });
      await podman(["volume", "create", volume]);
      await start();
    }, 25 * 60_000);

    afterAll(async () => {
      for (const name of containers) await removeContainer(name);
      await removeVolume(volume);
    }, 60_000);

    test("the image: a user of its own, the server itself as PID 1, a health check podman finds healthy", async () => {
      const [name] = containers;
      expect(await podman(["image", "inspect", "--format", "{{.Config.User}}|{{json .Config.Cmd}}|{{json .Config.Volumes}}", IMAGE])).toBe(
        'site|["node","server/main.ts"]|{"/data":{}}',
      );
      expect(await podman(["exec", name!, "id", "-u"])).toBe(SITE_UID);
      const pid1 = await podman(["exec", name!, "cat", "/proc/1/cmdline"]);
      expect(pid1.split("\0").filter(Boolean)).toEqual(["node", "server/main.ts"]);
      // The data belongs to the site's user; the code does not.
      expect(await podman(["exec", name!, "stat", "-c", "%u", "/data", "/data/site.db", "/app/server/main.ts"])).toBe(
        `${SITE_UID}\n${SITE_UID}\n0`,
      );
      // Production packages only: not even TypeScript, which npm keeps as an optional peer.
      const typescript = await podmanRun(["exec", name!, "test", "-e", "/app/node_modules/typescript"]);
      expect(typescript.code, "node_modules/typescript is left out of the image").toBe(1);
      // The HEALTHCHECK (kept because the image is built in Docker's format), run now rather than on its timer.
      const check = await podmanRun(["healthcheck", "run", name!]);
      expect(check.code, check.stdout + check.stderr).toBe(0);
      expect(await podman(["inspect", "--format", "{{.State.Health.Status}}", name!])).toBe("healthy");
    });

    test("the share card is drawn with its words: the image carries a font", async () => {
      // The card (app/server/site/share-card.server.ts) is white text on dark blue; without a font
      // in the image, sharp draws the shapes and no letters, and the phone's line stays all blue.
      const res = await fetch(`${SITE}/og/default.png`);
      expect(res.status).toBe(200);
      const card = sharp(Buffer.from(await res.arrayBuffer()));
      expect(await card.metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
      const phoneLine = await card.extract({ left: 0, top: 380, width: 1200, height: 80 }).stats();
      expect(phoneLine.channels[0]!.max, "white letters on the phone's line").toBeGreaterThan(200);
    });

    test("an estimate request sent to one container is in the admin inbox of the next, on the same volume", async () => {
      const [first] = containers;
      const mark = marker("container");
      const sent = await post("/contact", formBody(mark, await formToken()));
      expect(sent.status).toBe(200);
      expect(await sent.text()).toContain(SUCCESS);

      expectCleanStop(await stop(first!));
      await podman(["rm", first!]);
      const second = await start();

      const created = await podmanRun([
        "exec",
        second,
        "node",
        "server/cli.ts",
        "create-admin",
        "--email",
        admin.email,
        "--password",
        admin.password,
      ]);
      expect(created.code, created.stdout + created.stderr).toBe(0);
      const signIn = await post("/login", new URLSearchParams(admin).toString());
      expect(signIn.status).toBe(302);
      adminCookie = /^(session=[^;]+)/.exec(signIn.headers.getSetCookie().find((line) => line.startsWith("session=")) ?? "")?.[1] ?? "";
      expect(adminCookie).not.toBe("");
      expect(await inboxHas(mark)).toBe(true);
    });

    test("podman stop with a request in flight: it is answered, then the server exits 0 within the grace period", async () => {
      const [, second] = containers;
      expect(adminCookie, "signed in by the test before").not.toBe("");
      const mark = marker("inflight");
      const body = formBody(mark, await formToken());
      const half = Math.floor(body.length / 2);

      // Half the body now; SIGTERM; the rest after the listener has closed (SHUTDOWN_GRACE_SECONDS is 1).
      const req = httpRequest(`${SITE}/contact`, {
        method: "POST",
        agent: false,
        headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) },
      });
      const response = new Promise<{ res: IncomingMessage; text: string }>((resolve, reject) => {
        req.once("response", (res) => {
          let text = "";
          res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
          res.once("end", () => resolve({ res, text }));
        });
        req.once("error", reject);
      });
      req.write(body.slice(0, half));
      await new Promise((resolve) => setTimeout(resolve, 300));

      const stopping = stop(second!);
      await waitUntilRefused();
      req.end(body.slice(half));
      const { res, text } = await response;
      expect(res.statusCode).toBe(200);
      expect(text).toContain(SUCCESS);
      expect(res.headers.connection).toBe("close");
      expectCleanStop(await stopping);

      await podman(["rm", second!]);
      await start();
      expect(await inboxHas(mark), "the request answered while stopping was stored").toBe(true);
    });
  });
}

/**
 * Waits until a new connection to the published port gets no answer at all: the server has closed
 * its listener (after answering /healthz with 503 for SHUTDOWN_GRACE_SECONDS).
 */
async function waitUntilRefused(timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const answered = await fetch(`${SITE}/healthz`, { signal: AbortSignal.timeout(1000) })
      .then(() => true)
      .catch(() => false);
    if (!answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The server still took new connections 15 s after SIGTERM.");
}

/** `podman stop -t 20`: how long it took, the exit code and the container's log. */
async function stop(name: string): Promise<{ seconds: number; exitCode: number; log: string }> {
  const started = performance.now();
  await podman(["stop", "-t", String(STOP_GRACE_SECONDS), name]);
  const seconds = (performance.now() - started) / 1000;
  const exitCode = Number(await podman(["inspect", "--format", "{{.State.ExitCode}}", name]));
  const logs = await podmanRun(["logs", name]);
  return { seconds, exitCode, log: `${logs.stdout}\n${logs.stderr}` };
}

function expectCleanStop(stopped: { seconds: number; exitCode: number; log: string }) {
  expect(stopped.exitCode, `exit code (137 would be podman's SIGKILL at ${STOP_GRACE_SECONDS} s)\n${stopped.log}`).toBe(0);
  expect(stopped.seconds).toBeLessThan(STOP_GRACE_SECONDS);
  expect(stopped.log).toMatch(/"msg":"shutting down","signal":"SIGTERM"/);
  expect(stopped.log).toMatch(/"msg":"stopped"/);
}

function formBody(mark: string, token: string): string {
  return new URLSearchParams({ ...validFields(mark), form_token: token }).toString();
}
