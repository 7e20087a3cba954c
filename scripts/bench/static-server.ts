/**
 * The baseline for the HTTP bench: a plain node:http server that answers
 * every request with the same bytes (the home page as the real server sent
 * it). Run as a child of the bench so it gets a core of its own, like the
 * real server. Prints `listening <port>` once it accepts connections.
 *
 * Env: BENCH_BODY_FILE, BENCH_CONTENT_TYPE, BENCH_CONTENT_ENCODING (optional).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const bodyFile = process.env.BENCH_BODY_FILE;
if (!bodyFile) {
  console.error("BENCH_BODY_FILE is not set");
  process.exit(2);
}
const body = readFileSync(bodyFile);
const headers: Record<string, string> = {
  "Content-Type": process.env.BENCH_CONTENT_TYPE || "text/html; charset=utf-8",
  "Content-Length": String(body.length),
};
if (process.env.BENCH_CONTENT_ENCODING) {
  headers["Content-Encoding"] = process.env.BENCH_CONTENT_ENCODING;
  headers["Vary"] = "Accept-Encoding";
}

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.stdout.write(`listening ${port}\n`);
});

function stop() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
