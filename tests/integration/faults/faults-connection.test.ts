/**
 * Issue 22, item 1: every answer leaves its connection usable (server/unread-bodies.ts, ADR 042).
 * A route that answers without reading the body (an admin page for a visitor, the gallery
 * upload's refusal, the estimate form's 413 past 64 KB of text, the body limits' 413) left the
 * socket paused: the next request on that kept-alive connection waited for headersTimeout (66 s),
 * and behind deploy/nginx/site.conf (upstream keepalive) another visitor got a 504 after 60 s.
 *
 * Each case is played on one raw connection, so keep-alive is the test's to control: the body is
 * sent whole, as a browser or nginx sends it, the answer read, then `GET /about` on the same
 * connection. "Answered" means while the client's own 10 s deadline runs, far inside the 66 s a
 * paused socket waits: an ordering fact, not a speed figure. Then the same through the deploy
 * nginx with TLS: poison posts interleaved with visitors, each answered with its own status.
 * The database plays no part here: SQLite only.
 */
import { mkdtempSync, rmSync, chmodSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody } from "#tests/support/job-photos.ts";
import { startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import {
  findNginx,
  findOpenssl,
  httpsClient,
  makeCertificate,
  renderSiteConf,
  startNginx,
  type HttpsClient,
  type Nginx,
} from "#tests/support/drill-proxy.ts";

/** The client's own deadline for each answer: much shorter than the 66 s a paused socket waits. */
const DEADLINE_MS = 10_000;
const POISON_BYTES = 600 * 1024;
/** Above the server's 1 MB drain limit, below the estimate form's limit (six 2 MB photos). */
const LARGE_BYTES = 3 * 1024 * 1024;
/** Far more than a closing socket reads before it is gone: a reset, unless the server lingers. */
const HUGE_BYTES = 16 * 1024 * 1024;
const UPLOAD_MAX_MB = 2;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * One raw connection, keep-alive under the test's control. Records every answer (Content-Length
 * and chunked framing), whether the server ended the connection (FIN) and any socket error (a
 * reset shows as ECONNRESET or EPIPE).
 */
class Wire {
  private buffer = Buffer.alloc(0);
  readonly answers: Answer[] = [];
  error: NodeJS.ErrnoException | null = null;
  ended = false;
  closed = false;
  private readonly closing: Promise<void>;
  readonly socket: net.Socket;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
    socket.on("error", (error) => (this.error = error));
    socket.on("end", () => (this.ended = true));
    this.closing = new Promise((resolve) =>
      socket.once("close", () => {
        this.closed = true;
        resolve();
      }),
    );
  }

  static open(port: number): Promise<Wire> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("error", reject);
      socket.once("connect", () => {
        socket.off("error", reject);
        resolve(new Wire(socket));
      });
    });
  }

  /** Sends bytes; resolves once they are handed to the kernel (a write the server refused fails). */
  send(data: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(data, (error) => (error ? reject(error) : resolve())));
  }

  /** A request with `body`, sent whole. */
  async post(pathname: string, port: number, headers: Record<string, string>, body: Buffer): Promise<void> {
    const head = Object.entries({
      host: `127.0.0.1:${port}`,
      origin: `http://127.0.0.1:${port}`,
      ...headers,
      "content-length": String(body.length),
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    await this.send(`POST ${pathname} HTTP/1.1\r\n${head}\r\n`);
    await this.send(body);
  }

  get(pathname: string, port: number): Promise<void> {
    return this.send(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  }

  /** Waits for the `count`-th answer, within the client's deadline. */
  async answer(count: number): Promise<Answer> {
    const until = Date.now() + DEADLINE_MS;
    while (this.answers.length < count) {
      if (this.closed) throw new Error(`connection closed after ${this.answers.length} answer(s) (${this.error?.code ?? "no error"})`);
      if (Date.now() > until) throw new Error(`no answer ${count} within ${DEADLINE_MS} ms (${this.answers.length} so far)`);
      await sleep(10);
    }
    return this.answers[count - 1]!;
  }

  /** Waits for the server to close the connection, within the client's deadline. */
  async closedByServer(): Promise<void> {
    const deadline = sleep(DEADLINE_MS + 5_000).then(() => {
      throw new Error(`the server did not close the connection within ${DEADLINE_MS + 5_000} ms`);
    });
    await Promise.race([this.closing, deadline]);
  }

  destroy(): void {
    this.socket.destroy();
  }

  private parse() {
    for (;;) {
      const headEnd = this.buffer.indexOf("\r\n\r\n");
      if (headEnd < 0) return;
      const [statusLine = "", ...lines] = this.buffer.subarray(0, headEnd).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let rest = this.buffer.subarray(headEnd + 4);
      let body: Buffer;
      if (headers["transfer-encoding"] === "chunked") {
        const chunks: Buffer[] = [];
        for (;;) {
          const lineEnd = rest.indexOf("\r\n");
          if (lineEnd < 0) return;
          const size = parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16);
          if (rest.length < lineEnd + 2 + size + 2) return;
          chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
          rest = rest.subarray(lineEnd + 2 + size + 2);
          if (size === 0) break;
        }
        body = Buffer.concat(chunks);
      } else {
        const length = Number(headers["content-length"] ?? 0);
        if (rest.length < length) return;
        body = rest.subarray(0, length);
        rest = rest.subarray(length);
      }
      this.answers.push({ status: Number(statusLine.split(" ")[1]), headers, body });
      this.buffer = rest;
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** The estimate form with photos, its message over the form's 64 KB of text, then a "photo". */
function estimateWithLongText(totalBytes: number): { headers: Record<string, string>; body: Buffer } {
  const fields = { from_name: "Dana", email: "dana@example.com", message: "x".repeat(100 * 1024) };
  const fixed = multipartBody(fields, [{ filename: "job.jpg", data: Buffer.alloc(0) }]).body.length;
  const { body, contentType } = multipartBody(fields, [{ filename: "job.jpg", data: Buffer.alloc(totalBytes - fixed, 0xff) }]);
  return { headers: { "content-type": contentType }, body };
}

let site: ServerProcess;

beforeAll(async () => {
  site = await startServer({ env: { UPLOAD_MAX_MB: String(UPLOAD_MAX_MB) } });
});

afterAll(async () => {
  await stopAllServers();
});

describe("a body the route did not read: the next request on the connection is answered", () => {
  const cases: [string, string, () => { headers: Record<string, string>; body: Buffer }, number][] = [
    [
      "600 KB to /admin/site from a visitor who is not signed in",
      "/admin/site",
      () => ({ headers: FORM, body: Buffer.alloc(POISON_BYTES, "a") }),
      302,
    ],
    [
      "600 KB to the gallery upload from a visitor who is not signed in",
      "/admin/gallery/upload",
      () => ({ headers: { "content-type": "image/jpeg" }, body: Buffer.alloc(POISON_BYTES, 0xff) }),
      302,
    ],
    ["the estimate form with photos and more than 64 KB of text (600 KB)", "/contact", () => estimateWithLongText(POISON_BYTES), 413],
  ];
  for (const [name, pathname, make, status] of cases) {
    it(name, async () => {
      const wire = await Wire.open(site.port);
      try {
        const { headers, body } = make();
        await wire.post(pathname, site.port, headers, body);
        const refused = await wire.answer(1);
        expect(refused.status, refused.body.toString()).toBe(status);
        // The body was drained, so the connection is kept for the next request.
        expect(refused.headers.connection ?? "keep-alive").not.toBe("close");
        await wire.get("/about", site.port);
        const next = await wire.answer(2);
        expect(next.status).toBe(200);
        expect(next.headers["content-type"]).toMatch(/^text\/html/);
        expect(wire.error).toBeNull();
      } finally {
        wire.destroy();
      }
    });
  }

  it("a client that stops sending the rest of its body loses the connection, after its answer", async () => {
    const wire = await Wire.open(site.port);
    try {
      await wire.send(
        `POST /admin/site HTTP/1.1\r\nHost: 127.0.0.1:${site.port}\r\nOrigin: http://127.0.0.1:${site.port}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${POISON_BYTES}\r\n\r\n`,
      );
      await wire.send(Buffer.alloc(100 * 1024, "a"));
      expect((await wire.answer(1)).status).toBe(302);
      // The other 500 KB never come: the socket is not left paused for good.
      await wire.closedByServer();
      expect(wire.answers).toHaveLength(1);
    } finally {
      wire.destroy();
    }
  });
});

describe("a body above the drain limit: its answer, then a clean close", () => {
  const cases: [string, string, () => { headers: Record<string, string>; body: Buffer }, number, RegExp][] = [
    [
      "16 MB to /admin/site (the body limit's 413)",
      "/admin/site",
      () => ({ headers: FORM, body: Buffer.alloc(HUGE_BYTES, "a") }),
      413,
      /too large/,
    ],
    [
      `a 16 MB photo, over UPLOAD_MAX_MB (${UPLOAD_MAX_MB} MB), to the gallery upload`,
      "/admin/gallery/upload",
      () => ({ headers: { "content-type": "image/jpeg" }, body: Buffer.alloc(HUGE_BYTES, 0xff) }),
      413,
      /largest photo we accept/,
    ],
    ["the estimate form with photos and more than 64 KB of text (3 MB)", "/contact", () => estimateWithLongText(LARGE_BYTES), 413, /./],
  ];
  for (const [name, pathname, make, status, sentence] of cases) {
    it(name, async () => {
      const wire = await Wire.open(site.port);
      try {
        const { headers, body } = make();
        // Sent whole while the server answers early: every byte must still be taken, not reset.
        await wire.post(pathname, site.port, headers, body);
        const refused = await wire.answer(1);
        expect(refused.status).toBe(status);
        expect(refused.body.toString()).toMatch(sentence);
        expect(refused.headers.connection).toBe("close");
        await wire.closedByServer();
        expect(wire.ended, "the server ended the connection (FIN), not a reset").toBe(true);
        expect(wire.error).toBeNull();
      } finally {
        wire.destroy();
      }
    });
  }

  it("the server keeps serving", async () => {
    const wire = await Wire.open(site.port);
    try {
      await wire.get("/healthz", site.port);
      expect((await wire.answer(1)).status).toBe(200);
    } finally {
      wire.destroy();
    }
  });
});

const nginxBinary = findNginx();
const openssl = findOpenssl();
const missing = [nginxBinary ? null : "nginx is not installed (apt-get install nginx)", openssl ? null : "openssl is not installed"]
  .filter((reason): reason is string => reason !== null)
  .join("; ");

if (missing) {
  console.warn(`Connection faults through nginx SKIPPED: ${missing}`);
  it.skip(`connection faults through nginx SKIPPED: ${missing}`, () => {});
} else
  describe("through the deploy nginx with TLS", () => {
    let work = "";
    let proxied: ServerProcess;
    let nginx: Nginx | undefined;
    let client: HttpsClient;

    beforeAll(async () => {
      work = mkdtempSync(path.join(tmpdir(), "faults-connection-"));
      // nginx's workers (nobody, when the tests run as root) pass through to their temp folders.
      chmodSync(work, 0o711);
      const ports = { https: await freePort(), http: await freePort() };
      proxied = await startServer({ env: { PUBLIC_URL: `https://localhost:${ports.https}`, TRUST_PROXY: "1" } });
      const tls = makeCertificate(openssl!, work);
      client = httpsClient(ports.https, tls.cert);
      // The file's three upstream lines all name the one instance: the keepalive pool is what matters.
      const conf = renderSiteConf({ ...ports, upstreams: [proxied.port, proxied.port, proxied.port] }, tls);
      nginx = await startNginx(nginxBinary!, path.join(work, "nginx"), conf, async () => {
        try {
          return (await client.send("GET", "/healthz", { timeoutMs: 1000 })).status === 200;
        } catch {
          return false;
        }
      });
    });

    afterAll(async () => {
      await nginx?.stop();
      if (work) rmSync(work, { recursive: true, force: true });
    });

    it("eight poison posts interleaved with eight visitors: each answered with its own status, no 502 or 504", async () => {
      const results: string[] = [];
      for (let i = 0; i < 8; i++) {
        // Each from its own address, as distinct visitors are; the upstream connections are shared.
        const poison = await client.send("POST", "/admin/site", {
          from: `127.0.1.${i + 1}`,
          headers: { origin: client.origin, ...FORM },
          body: Buffer.alloc(POISON_BYTES, "a"),
          timeoutMs: DEADLINE_MS,
        });
        const visitor = await client.send("GET", "/about", { from: `127.0.2.${i + 1}`, timeoutMs: DEADLINE_MS });
        results.push(`${poison.status} ${visitor.status}`);
      }
      expect(results, nginx?.errorLog()).toEqual(Array(8).fill("302 200"));
    });
  });
