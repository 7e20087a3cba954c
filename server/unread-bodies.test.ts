/**
 * server/unread-bodies.ts on a real Node HTTP server whose handler reads the first chunk of a body
 * and stops, as a route that refuses after its first bytes: the cases the built site's tests
 * (tests/integration/faults/faults-connection.test.ts) cannot easily send.
 */
import { createServer, type Server } from "node:http";
import net from "node:net";
import { afterEach, beforeEach, expect, it } from "vitest";
import { unreadBodies } from "#server/unread-bodies.ts";

let server: Server;
let port: number;

beforeEach(async () => {
  const keepUsable = unreadBodies({ drainBytes: 1024 * 1024 });
  server = createServer((req, res) => {
    if (!keepUsable(req, res)) return;
    req.once("data", () => req.pause());
    res.end(`answered ${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends `chunks` one after another on one connection; resolves with what came back once the server closed it. */
function exchange(chunks: (string | Buffer)[]): Promise<{ received: string; error: string | null }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    let error: string | null = null;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on("close", () => resolve({ received, error }));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server did not close the connection; received:\n${received}`));
    }, 4_000);
    socket.on("close", () => clearTimeout(timer));
    for (const chunk of chunks) socket.write(chunk);
  });
}

it("a chunked body nobody read: Connection: close, the rest read to its end, then a clean close", async () => {
  const piece = Buffer.alloc(256 * 1024, "a");
  const chunked = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
  const { received, error } = await exchange([
    `POST /form HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n`,
    ...Array.from({ length: 8 }, () => chunked),
    "0\r\n\r\n",
  ]);
  expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Connection: close\r\n[\s\S]*answered POST \/form$/);
  expect(error).toBeNull();
});

it("a request sent after an answer that said Connection: close is not answered, and nothing is reset", async () => {
  const { received, error } = await exchange([
    `POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`,
    Buffer.alloc(2 * 1024 * 1024, "a"),
    "GET /after HTTP/1.1\r\nHost: x\r\n\r\n",
  ]);
  expect(received.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
  expect(received).toContain("Connection: close");
  expect(received).not.toContain("answered GET /after");
  expect(error).toBeNull();
});

it("a body under the drain limit nobody read is drained and the connection answers the next request", async () => {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (received += chunk));
  try {
    socket.write(`POST /small HTTP/1.1\r\nHost: x\r\nContent-Length: ${600 * 1024}\r\n\r\n`);
    socket.write(Buffer.alloc(600 * 1024, "a"));
    socket.write("GET /next HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => received, { timeout: 4_000 }).toContain("answered GET /next");
    expect(received).not.toContain("Connection: close");
  } finally {
    socket.destroy();
  }
});
