/**
 * server/shutdown.ts's drain on a real Node HTTP server, spoken to over raw connections as a
 * proxy keeping connections alive would: what the deployment drill showed as a rare 502.
 */
import { createServer, type Server } from "node:http";
import net from "node:net";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createLogger } from "#app/server/logger.server.ts";
import { drainOnDemand } from "#server/shutdown.ts";

let server: Server;
let port: number;
let draining: ReturnType<typeof drainOnDemand>;
let release: () => void = () => {};
let arrived: () => void = () => {};
let slowArrived: Promise<void>;
const warnings: string[] = [];
const logger = createLogger({ level: "warn", write: (line) => warnings.push(line) });

beforeEach(async () => {
  warnings.length = 0;
  const held = new Promise<void>((resolve) => (release = resolve));
  slowArrived = new Promise((resolve) => (arrived = resolve));
  server = createServer((req, res) => {
    if (req.url !== "/slow") return void res.end(`answered ${req.url}`);
    arrived();
    void held.then(() => res.end("slow answer"));
  });
  draining = drainOnDemand(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterEach(() => {
  release();
  server.closeAllConnections();
  server.close();
});

const GET = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;

/** A raw connection: what the server sent, whether it closed, the headers of its first answer. */
interface RawConnection {
  socket: net.Socket;
  received: string;
  closed: boolean;
  closedPromise: Promise<void>;
  write(text: string): Promise<void>;
  waitFor(text: string): Promise<void>;
  connectionHeader(): string | undefined;
}

function connect(): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("error", reject);
    socket.once("connect", () => {
      socket.off("error", reject);
      socket.on("error", () => {});
      socket.setEncoding("latin1");
      const connection: RawConnection = {
        socket,
        received: "",
        closed: false,
        closedPromise: new Promise((done) => socket.once("close", () => ((connection.closed = true), done()))),
        write: (text) => new Promise((done, fail) => socket.write(text, (error) => (error ? fail(error) : done()))),
        async waitFor(text) {
          while (!connection.received.includes(text)) {
            if (connection.closed) throw new Error(`closed before ${JSON.stringify(text)}; got:\n${connection.received}`);
            await new Promise((wait) => setTimeout(wait, 10));
          }
        },
        connectionHeader: () => /^connection: *(.*)\r$/im.exec(connection.received)?.[1]?.toLowerCase(),
      };
      socket.on("data", (chunk: string) => (connection.received += chunk));
      resolve(connection);
    });
  });
}

/** A connection that has had one answer and is kept alive, as a proxy keeps it. */
async function keptAlive(): Promise<RawConnection> {
  const connection = await connect();
  await connection.write(GET("/before"));
  await connection.waitFor("answered /before");
  expect(connection.connectionHeader()).toBe("keep-alive");
  return connection;
}

async function untilRefused(): Promise<void> {
  for (;;) {
    const refused = await connect().then(
      (connection) => (connection.socket.destroy(), false),
      (error: NodeJS.ErrnoException) => error.code === "ECONNREFUSED",
    );
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it("keeps an idle kept-alive connection open after the listener closes; a request on it is answered with Connection: close, then the drain ends", async () => {
  const idle = await keptAlive();
  let drained = false;
  const drain = draining.drain({ graceMs: 0, timeoutMs: 60_000, logger }).then(() => (drained = true));

  await untilRefused();
  // Closing it now would race with a proxy sending a POST on it: the proxy would answer 502.
  expect(idle.closed).toBe(false);
  expect(drained).toBe(false);

  idle.received = "";
  await idle.write(GET("/after"));
  await idle.waitFor("answered /after");
  expect(idle.connectionHeader()).toBe("close");
  await idle.closedPromise;
  await drain;
  expect(warnings).toEqual([]);
});

it("ends the drain when the client closes its idle connection itself, as nginx does after its keepalive_timeout", async () => {
  const idle = await keptAlive();
  const drain = draining.drain({ graceMs: 0, timeoutMs: 60_000, logger });
  await untilRefused();
  idle.socket.end();
  await drain;
  expect(warnings).toEqual([]);
});

it("answers a request in flight when the drain starts with Connection: close, and closes it after that answer", async () => {
  const busy = await connect();
  await busy.write(GET("/slow"));
  await slowArrived;
  const drain = draining.drain({ graceMs: 0, timeoutMs: 60_000, logger });
  await untilRefused();
  expect(busy.closed).toBe(false);

  release();
  await busy.waitFor("slow answer");
  expect(busy.connectionHeader()).toBe("close");
  await busy.closedPromise;
  await drain;
});

it("still takes new connections during the grace period, each answered with Connection: close", async () => {
  const drain = draining.drain({ graceMs: 60_000, timeoutMs: 120_000, logger });
  const late = await connect();
  await late.write(GET("/during-grace"));
  await late.waitFor("answered /during-grace");
  expect(late.connectionHeader()).toBe("close");
  await late.closedPromise;
  void drain;
});

it("is bounded: a connection still open at the timeout is closed, with a warning", async () => {
  const idle = await keptAlive();
  await draining.drain({ graceMs: 0, timeoutMs: 200, logger });
  await idle.closedPromise;
  expect(warnings.join("\n")).toContain("shutdown timeout reached");
});
