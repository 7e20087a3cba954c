/**
 * One server with automatic HTTPS (docs/operating/one-server.md), run with the files in deploy/
 * themselves: Caddy (Debian's package) on deploy/caddy/Caddyfile, its site blocks as written, in
 * front of one instance started with deploy/systemd/houston-site.service's Environment= lines and
 * deploy/one-server.env.example (only its address and mail server replaced): SQLite and photos
 * on local disk, the daily snapshot on. Let's Encrypt is played by pebble, a local ACME server
 * (Debian's package), put in through Caddy's global options with the test's ports. The site's
 * names are made up (www.site.test, site.test) and reached on 127.0.0.1, trusting only the root
 * pebble issues from, so the certificate Caddy serves is the one it obtained.
 *
 * Checks: the certificate; http→https; the bare name to www; HSTS; an estimate request through
 * Caddy stored, its emails linking to the https address; the address a client sends in
 * X-Forwarded-For is not believed; the go-live checklist's PUBLIC_URL item done behind Caddy and
 * open with http://localhost; the daily snapshot written and copied off the machine by the
 * off-site unit's own command.
 *
 * Needs caddy, pebble, openssl (and rsync for the off-site copy); says plainly that it was skipped otherwise.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import tls from "node:tls";
import { parseEnv as parseDotenv } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SUCCESS, formTokenOf, marker, validFields, waitForMails } from "#tests/support/leads.ts";
import { request, root, startServer, type ServerProcess } from "#tests/support/server.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";
import { runCli } from "#tests/support/cli.ts";
import { leadsMarked, openSiteDb } from "#tests/support/site-db.ts";
import { cookiesOf, findOpenssl, httpsClient, makeCertificate, type HttpsClient } from "#tests/support/drill-proxy.ts";
import { findCaddy, findPebble, renderCaddyfile, startCaddy, startPebble, type Daemon, type Pebble } from "#tests/support/caddy-acme.ts";

const PORTS = { acme: 5100, management: 5101, http: 5180, https: 5143 };
const APP_PORT = 5130;
const DOMAIN = "site.test";
const SITE = `www.${DOMAIN}`;
const PUBLIC_URL = `https://${SITE}:${PORTS.https}`;
const UNIT_FILE = path.join(root, "deploy/systemd/houston-site.service");
const OFFSITE_UNIT = path.join(root, "deploy/systemd/houston-site-offsite.service");
const ENV_FILE = path.join(root, "deploy/one-server.env.example");

const caddyBinary = findCaddy();
const pebbleBinary = findPebble();
const openssl = findOpenssl();
const rsync = ["/usr/bin/rsync", "/usr/local/bin/rsync"].find((file) => existsSync(file));
const missing = [
  caddyBinary ? null : "caddy is not installed (apt-get install caddy)",
  pebbleBinary ? null : "pebble is not installed (apt-get install pebble)",
  openssl ? null : "openssl is not installed",
].filter((reason): reason is string => reason !== null);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A unit's `Key=` lines, in order. */
function unitLines(file: string, key: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(new RegExp(`^${key}=(.*)$`, "gm"))].map((match) => match[1]!);
}

/** The unit's `Environment=` lines, as systemd passes them. */
function unitEnvironment(file: string): Record<string, string> {
  return Object.fromEntries(
    unitLines(file, "Environment").map((line) => {
      const eq = line.indexOf("=");
      return [line.slice(0, eq), line.slice(eq + 1)];
    }),
  );
}

/** The name a certificate was issued for, and by whom, as a client on 127.0.0.1 gets it for `servername`. */
function peerCertificate(servername: string, ca: string): Promise<tls.PeerCertificate> {
  return new Promise<tls.PeerCertificate>((resolve, reject) => {
    const socket = tls.connect({ host: "127.0.0.1", port: PORTS.https, servername, ca }, () => {
      const cert = socket.getPeerCertificate();
      socket.end();
      resolve(cert);
    });
    socket.on("error", reject);
  });
}

if (missing.length > 0) {
  console.warn(`One server with Caddy SKIPPED: ${missing.join("; ")}`);
  test.skip(`One server with Caddy SKIPPED: ${missing.join("; ")}`, () => {});
} else {
  describe("one server: Caddy with a certificate from an ACME server, in front of one instance on SQLite", () => {
    const work = mkdtempSync(path.join(tmpdir(), "one-server-"));
    const dataDir = path.join(work, "var-lib", "houston-site");
    const backupDir = path.join(work, "var-lib", "houston-site-backups");
    const admin = { email: "owner@site.test", password: "a long test password for the owner" };
    let smtp: SmtpTestServer;
    let pebble: Pebble | undefined;
    let caddy: Daemon | undefined;
    let app: ServerProcess | undefined;
    let client: HttpsClient;
    let siteEnv: Record<string, string>;
    let formMinMs = 3000;

    /** A form post as a browser on PUBLIC_URL sends it, through Caddy. */
    function postForm(pathname: string, fields: Record<string, string>, options: { from?: string; headers?: Record<string, string> } = {}) {
      const body = new URLSearchParams(fields).toString();
      return client.send("POST", pathname, {
        from: options.from,
        body,
        headers: {
          origin: client.origin,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
          ...options.headers,
        },
      });
    }

    beforeAll(async () => {
      smtp = await startSmtpServer();
      // The settings: the unit's lines (its port and folders moved into the work folder), then
      // the env file with this site's address and mail server (systemd lets the file win).
      const unit = unitEnvironment(UNIT_FILE);
      expect(unit).toMatchObject({ PORT: "3000", HOST: "127.0.0.1", DATA_DIR: "/var/lib/houston-site" });
      expect(unit.BACKUP_DIR).toBe("/var/lib/houston-site-backups");
      expect(unitLines(UNIT_FILE, "StateDirectory")).toEqual(["houston-site houston-site-backups"]);
      const file = parseDotenv(readFileSync(ENV_FILE, "utf8"));
      for (const name of ["PORT", "HOST", "DATA_DIR", "BACKUP_DIR", "DATABASE_URL", "STORAGE"]) {
        expect(file[name], `${name} in deploy/one-server.env.example`).toBeUndefined();
      }
      expect(file.TRUST_PROXY).toBe("1");
      expect(file.PUBLIC_URL).toBe("https://www.example.com");
      mkdirSync(dataDir, { recursive: true });
      mkdirSync(backupDir, { recursive: true });
      siteEnv = {
        ...unit,
        PORT: String(APP_PORT),
        DATA_DIR: dataDir,
        BACKUP_DIR: backupDir,
        ...file,
        PUBLIC_URL,
        SMTP_URL: smtp.url,
        MAIL_FROM: `estimates@${DOMAIN}`,
      };
      formMinMs = Number(siteEnv.FORM_MIN_SECONDS ?? 3) * 1000;
      app = await startServer({ env: siteEnv, dataDir, startTimeoutMs: 60_000 });

      const cliEnv = { ...siteEnv, PORT: "0" };
      const created = await runCli(["create-admin", "--email", admin.email, "--password", admin.password], cliEnv);
      expect(created.code, created.stderr).toBe(0);
      const inbox = await runCli(["site", "set", "--lead-inbox", `leads@${DOMAIN}`], cliEnv);
      expect(inbox.code, inbox.stderr).toBe(0);

      const listener = makeCertificate(openssl!, work);
      pebble = await startPebble(pebbleBinary!, path.join(work, "pebble"), PORTS, listener);
      const caddyfile = renderCaddyfile({
        domain: DOMAIN,
        appPort: APP_PORT,
        ports: PORTS,
        acme: { directory: pebble.directory, listenerCertFile: listener.certFile },
        dataDir: path.join(work, "caddy", "storage"),
      });
      client = httpsClient(PORTS.https, pebble.root, SITE);
      caddy = await startCaddy(caddyBinary!, path.join(work, "caddy"), caddyfile, async () => {
        try {
          return (await client.send("GET", "/healthz", { timeoutMs: 2_000 })).status === 200;
        } catch {
          return false; // no certificate yet, or not listening yet
        }
      });
    }, 120_000);

    afterAll(async () => {
      await caddy?.stop();
      await pebble?.stop();
      await app?.stop("SIGTERM", 15_000);
      await smtp?.stop();
      rmSync(work, { recursive: true, force: true });
    }, 60_000);

    test("Caddy obtained a certificate for each name from the ACME server", async () => {
      expect(caddy!.output()).toContain("certificate obtained successfully");
      for (const name of [SITE, DOMAIN]) {
        // The connection succeeds trusting only pebble's root: the certificate is the one Caddy got.
        // Caddy gets the two certificates one after the other: the second may take a moment more.
        let cert: tls.PeerCertificate | undefined;
        const deadline = Date.now() + 30_000;
        while (!cert) {
          cert = await peerCertificate(name, pebble!.root).catch((error: unknown) => {
            if (Date.now() > deadline) throw error;
            return undefined;
          });
          if (!cert) await sleep(200);
        }
        expect(cert.subjectaltname).toBe(`DNS:${name}`);
        expect(cert.issuer.CN).toMatch(/^Pebble Intermediate CA/);
      }
    });

    test("plain http goes to https, the bare name to www; pages carry HSTS", async () => {
      const plain = await request(`http://127.0.0.1:${PORTS.http}/gallery?page=2`, { headers: { host: `${SITE}:${PORTS.http}` } });
      expect(plain.status).toBe(308);
      // Caddy's redirect names the https port it would use in production (443), not the test's.
      const location = new URL(plain.headers.location!);
      expect([location.protocol, location.hostname, location.pathname + location.search]).toEqual(["https:", SITE, "/gallery?page=2"]);

      const bare = await httpsClient(PORTS.https, pebble!.root, DOMAIN).send("GET", "/contact?x=1");
      expect(bare.status).toBe(301);
      expect(bare.headers.location).toBe(`https://${SITE}/contact?x=1`);

      const home = await client.send("GET", "/");
      expect(home.status).toBe(200);
      expect(home.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
      expect(home.text).toContain(`href="${PUBLIC_URL}/"`);
    });

    test("an estimate request through Caddy is stored, and its emails link to the https address", async () => {
      const page = await client.send("GET", "/contact");
      expect(page.status).toBe(200);
      const token = formTokenOf(page.text);
      await sleep(formMinMs + 100);
      const mark = marker("caddy");
      const reply = await postForm("/contact", { ...validFields(mark), form_token: token });
      expect(reply.status, reply.text.slice(0, 300)).toBe(200);
      expect(reply.text).toContain(SUCCESS);

      const db = openSiteDb(dataDir);
      try {
        const stored = leadsMarked(db, mark);
        expect(stored).toHaveLength(1);
        expect(stored[0]!.email).toBe(`${mark}@home.test`);
      } finally {
        db.close();
      }
      const mails = await waitForMails(smtp, mark, 2, 20_000);
      const notification = mails.find((mail) => mail.envelope.to.includes(`leads@${DOMAIN}`));
      expect(notification?.parsed.text).toContain(`${PUBLIC_URL}/admin/leads/`);
      for (const mail of mails) expect(mail.parsed.text ?? "").not.toMatch(/localhost|127\.0\.0\.1/);
    });

    test("an address a client writes in X-Forwarded-For is not believed: the limit counts the real one", async () => {
      const from = "127.0.9.1";
      const page = await client.send("GET", "/contact", { from });
      const token = formTokenOf(page.text);
      await sleep(formMinMs + 100);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const reply = await postForm(
          "/contact",
          { ...validFields(marker("xff")), form_token: token },
          { from, headers: { "x-forwarded-for": `198.51.100.${i + 1}` } },
        );
        statuses.push(reply.status);
      }
      // The default limit of 5 requests per address: Caddy puts the address it saw last in the
      // header, where TRUST_PROXY=1 reads it, so all six count for 127.0.9.1.
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });

    test("the go-live checklist's PUBLIC_URL item is done behind Caddy, and open with http://localhost", async () => {
      const signIn = await postForm("/login", { email: admin.email, password: admin.password });
      expect(signIn.status, signIn.text.slice(0, 300)).toBe(302);
      for (const line of [signIn.headers["set-cookie"] ?? []].flat()) expect(line).toMatch(/;\s*Secure/i);
      const session = cookiesOf(signIn)["__Host-session"];
      expect(session, "the https session cookie").toBeDefined();
      const dashboard = await client.send("GET", "/admin", { headers: { cookie: session! } });
      expect(dashboard.status).toBe(200);
      const item =
        /<li class="checklist__item checklist__item--(\w+)">(?:(?!<\/li>)[\s\S])*?PUBLIC_URL is the site&#x27;s https address([\s\S]*?)<\/li>/.exec(
          dashboard.text,
        );
      expect(item, "the PUBLIC_URL item on the dashboard").not.toBeNull();
      expect(item![1]).toBe("done");
      expect(item![2]).toContain(`The site&#x27;s address is ${PUBLIC_URL}.`);
      // The start-up warnings print every open item (the testimonials one, at least): none for the address here...
      await app!.waitForStdout("Not ready to go live");
      expect(app!.stdout()).not.toContain("Not ready to go live: PUBLIC_URL");

      // ...and one for the same setup on http://localhost, as the quick start runs it (its own data folder).
      const { DATA_DIR: _dataDir, BACKUP_DIR: _backupDir, ...sameSetup } = siteEnv;
      const local = await startServer({ env: { ...sameSetup, PORT: "0", PUBLIC_URL: "http://localhost:3000" } });
      try {
        await local.waitForStdout("Not ready to go live");
        expect(local.stdout()).toContain("Not ready to go live: PUBLIC_URL is http://localhost:3000, which only this machine can open");
      } finally {
        await local.stop();
      }
    });

    test.skipIf(!rsync)("the daily snapshot is written at start and the off-site unit's command copies it away", async () => {
      await app!.waitForStdout('"daily backup written"', 20_000);
      const snapshots = readdirSync(backupDir).filter((name) => name.startsWith("backup-"));
      expect(snapshots).toHaveLength(1);
      const manifest = readFileSync(path.join(backupDir, snapshots[0]!, "manifest.json"), "utf8");

      const [command, ...more] = unitLines(OFFSITE_UNIT, "ExecStart");
      expect(more).toEqual([]);
      const args = command!.split(" ");
      expect(args.slice(0, 1)).toEqual(["/usr/bin/rsync"]);
      expect(args.at(-2)).toBe("/var/lib/houston-site-backups/");
      expect(args.at(-1)).toBe("backup@backup.example.com:houston-site/");
      // The other machine is a folder here; the rest of the line runs as written.
      const offsite = path.join(work, "offsite");
      const stale = path.join(offsite, "backup-2020-01-01T000000Z");
      mkdirSync(stale, { recursive: true });
      execFileSync(rsync!, [...args.slice(1, -2), `${backupDir}/`, `${offsite}/`], { stdio: "pipe" });
      expect(readFileSync(path.join(offsite, snapshots[0]!, "manifest.json"), "utf8")).toBe(manifest);
      expect(existsSync(path.join(offsite, snapshots[0]!, "site.db"))).toBe(true);
      expect(existsSync(stale), "a snapshot the site pruned is gone from the other machine too").toBe(false);
    });
  });
}
