/**
 * The drill's proxy: a self-signed certificate (openssl), deploy/nginx/site.conf rendered with
 * the drill's names, ports and certificate, an nginx of our own (own config, prefix, pid and
 * logs; stopped by its pid), and an HTTPS client that trusts only that certificate and can send
 * from any loopback address (127.x.y.z), so nginx sees distinct clients.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import https from "node:https";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { root } from "#tests/support/server.ts";

export const SITE_CONF = path.join(root, "deploy/nginx/site.conf");

export function findNginx(): string | undefined {
  return ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"].find((file) => existsSync(file));
}

export function findOpenssl(): string | undefined {
  return ["/usr/bin/openssl", "/usr/local/bin/openssl"].find((file) => existsSync(file));
}

/** A certificate for `localhost` and 127.0.0.1, valid two days. */
export function makeCertificate(openssl: string, dir: string): { certFile: string; keyFile: string; cert: string } {
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  execFileSync(
    openssl,
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "pipe" },
  );
  return { certFile, keyFile, cert: readFileSync(certFile, "utf8") };
}

/** Replaces each `from` exactly `count` times (1 unless said), so the file and the drill cannot drift apart. */
export function renderTemplate(template: string, replacements: { from: string; to: string; count?: number }[]): string {
  let text = template;
  for (const { from, to, count = 1 } of replacements) {
    const found = text.split(from).length - 1;
    if (found !== count) throw new Error(`template: expected ${count}× ${JSON.stringify(from)}, found ${found}`);
    text = text.replaceAll(from, to);
  }
  return text;
}

export interface ProxyPorts {
  https: number;
  http: number;
  upstreams: number[];
}

/** deploy/nginx/site.conf with the drill's certificate, loopback ports and instances. */
export function renderSiteConf(ports: ProxyPorts, tls: { certFile: string; keyFile: string }): string {
  const rendered = renderTemplate(readFileSync(SITE_CONF, "utf8"), [
    { from: "/etc/letsencrypt/live/www.example.com/fullchain.pem", to: tls.certFile },
    { from: "/etc/letsencrypt/live/www.example.com/privkey.pem", to: tls.keyFile },
    {
      from: "return 301 https://www.example.com$request_uri;",
      to: `return 301 https://localhost:${ports.https}$request_uri;`,
    },
    { from: "server_name www.example.com example.com;", to: "server_name localhost;" },
    { from: "server_name www.example.com;", to: "server_name localhost;" },
    { from: "listen 80;", to: `listen 127.0.0.1:${ports.http};` },
    { from: "listen 443 ssl http2;", to: `listen 127.0.0.1:${ports.https} ssl http2;` },
    // Loopback only: the machine may have no IPv6, and nothing outside needs to reach the drill.
    { from: "    listen [::]:80;\n", to: "" },
    { from: "    listen [::]:443 ssl http2;\n", to: "" },
    ...[3001, 3002, 3003].map((port, i) => ({
      from: `server 127.0.0.1:${port} `,
      to: `server 127.0.0.1:${ports.upstreams[i]} `,
    })),
  ]);
  const directives = rendered.replace(/#.*$/gm, "");
  if (/example\.com/.test(directives)) throw new Error("the rendered site.conf still names example.com outside its comments");
  return rendered;
}

export interface Nginx {
  pid: number;
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground (daemon off) with a main config around the rendered site. */
export async function startNginx(nginx: string, dir: string, site: string, waitForPort: () => Promise<boolean>): Promise<Nginx> {
  // Workers run as nobody when we are root: they must reach the temp folders nginx makes here
  // (the folders above need at least o+x).
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, "site.conf"), site);
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    log_format drill '$remote_addr "$request" $status $request_time "$upstream_addr" "$upstream_status"';
    access_log ${dir}/access.log drill;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/site.conf;
}
`,
  );
  // -e: the log nginx writes before it has read the config is ours too, not /var/log/nginx's.
  const args = ["-c", conf, "-p", `${dir}/`, "-e", `${dir}/error.log`];
  execFileSync(nginx, ["-t", "-q", ...args], { stdio: "pipe" });
  const child: ChildProcess = spawn(nginx, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const read = (file: string) => (existsSync(path.join(dir, file)) ? readFileSync(path.join(dir, file), "utf8") : "");
  const deadline = Date.now() + 10_000;
  while (!(await waitForPort())) {
    if (hasExited || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not start:\n${output}\n${read("error.log")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pid = child.pid!;
  return {
    pid,
    accessLog: () => read("access.log"),
    errorLog: () => read("error.log"),
    async stop() {
      if (hasExited) return;
      process.kill(pid, "SIGTERM"); // nginx's fast shutdown
      const timer = setTimeout(() => !hasExited && process.kill(pid, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** From sending the request to the end of the answer. */
  ms: number;
}

export interface HttpsClient {
  origin: string;
  /** One request on a fresh TLS connection to the proxy, sent from loopback address `from`. */
  send(
    method: string,
    pathname: string,
    options?: { from?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number },
  ): Promise<Reply>;
}

/** A client for https://<host>:<port> (reached on 127.0.0.1) that trusts `cert` and nothing else. */
export function httpsClient(port: number, cert: string, host = "localhost"): HttpsClient {
  const origin = `https://${host}:${port}`;
  return {
    origin,
    send(method, pathname, options = {}) {
      const started = performance.now();
      return new Promise((resolve, reject) => {
        const req = https.request(
          {
            host: "127.0.0.1",
            port,
            servername: host,
            ca: cert,
            method,
            path: pathname,
            localAddress: options.from ?? "127.0.0.1",
            agent: false,
            timeout: options.timeoutMs ?? 30_000,
            headers: { host: `${host}:${port}`, connection: "close", ...options.headers },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => {
              const body = Buffer.concat(chunks);
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body,
                text: body.toString("utf8"),
                ms: performance.now() - started,
              });
            });
            res.on("error", reject);
          },
        );
        req.on("timeout", () => req.destroy(new Error(`${method} ${pathname} timed out`)));
        req.on("error", reject);
        req.end(options.body);
      });
    },
  };
}

/** `name=value` of each Set-Cookie, ready for a Cookie header. */
export function cookiesOf(reply: Reply): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const line of [reply.headers["set-cookie"] ?? []].flat()) {
    const pair = line.split(";")[0]!;
    const eq = pair.indexOf("=");
    cookies[pair.slice(0, eq)] = pair;
  }
  return cookies;
}
