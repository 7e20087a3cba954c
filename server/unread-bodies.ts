/**
 * Every answer leaves its connection usable (issue 22, docs/decisions/042-unread-request-bodies.md).
 *
 * Many answers come before the request's body was read: an admin page's redirect for a visitor,
 * the refusals in middleware/body-limits.ts and middleware/same-origin.ts, the estimate form's 413
 * past 64 KB of text. Node then leaves the socket paused: React Router's request holds the body
 * through Readable.toWeb (fetch-adapter.ts), and Node's own dump of an unread body does not run
 * once a chunk of it has arrived. The next request on that kept-alive connection is not read
 * until headersTimeout (66 s); behind nginx's upstream keepalive it is another visitor's, who gets
 * a 504.
 *
 * So, whatever answered, once the answer is written:
 * - a body announced at most `drainBytes` long is read to its end and dropped, and the connection
 *   is kept (for nginx, the same upstream connection serves the next visitor);
 * - a larger body, or one without a length, gets `Connection: close` on its answer, and the
 *   connection is closed the way nginx closes it (a lingering close): the writing side right
 *   after the answer, while what the client still sends is read and dropped until its body ends,
 *   the client hangs up, or a few seconds pass. Closing at once, with the client's bytes unread,
 *   makes the kernel send a reset, and a client still sending may lose the answer with it.
 * - a client that stops sending for `idleMs` loses the connection (its answer is already sent).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

interface UnreadBodiesOptions {
  /** The longest unread body read and dropped so that its connection is kept, in bytes. */
  drainBytes: number;
  /** Draining or lingering ends after this long without a byte from the client. */
  idleMs?: number;
  /** A lingering close ends after this long, whatever the client still sends. */
  lingerMs?: number;
}

/** nginx's lingering_timeout. */
const IDLE_MS = 5_000;
/** Shorter than nginx's 30 s lingering_time: long enough to read a refusal, inside the shutdown's 10 s. */
const LINGER_MS = 10_000;

/**
 * Returns what the request listener calls first for every request. It answers false for a
 * request that arrived on a connection already being closed (sent after an answer that said
 * `Connection: close`): nothing can be written there any more, so it must not be answered.
 */
export function unreadBodies({ drainBytes, idleMs = IDLE_MS, lingerMs = LINGER_MS }: UnreadBodiesOptions) {
  /** The latest request with a body on each connection: the one whose answer may close it. */
  const bodyRequests = new WeakMap<Socket, IncomingMessage>();
  const lingering = new WeakSet<Socket>();

  const linger = (socket: Socket, req: IncomingMessage, closeSocket: () => void) => {
    lingering.add(socket);
    // The writing side ends after the answer; the server's sockets stay readable (allowHalfOpen).
    socket.end();
    let done = false;
    const stop = (hard: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(idle);
      clearTimeout(limit);
      // Once the body has been read to its end nothing is left unread: a clean close, after
      // the answer has gone out. After a timeout, the answer has had its time.
      if (hard) socket.destroy();
      else closeSocket();
    };
    const idle = setTimeout(() => stop(true), idleMs);
    const limit = setTimeout(() => stop(true), lingerMs);
    socket.once("close", () => stop(true));
    socket.once("end", () => stop(false));
    discardBody(
      req,
      () => idle.refresh(),
      () => stop(false),
    );
  };

  const drain = (socket: Socket, req: IncomingMessage) => {
    const idle = setTimeout(() => socket.destroy(), idleMs);
    const stop = () => clearTimeout(idle);
    socket.once("close", stop);
    discardBody(
      req,
      () => idle.refresh(),
      () => {
        stop();
        socket.off("close", stop);
      },
    );
  };

  const watchSocket = (socket: Socket) => {
    if (bodyRequests.has(socket)) return;
    // Node closes a connection after an answer that says `Connection: close` (ours below, the
    // client's own, HTTP/1.0, the shutdown's) with destroySoon(), which drops what the client is
    // still sending with a reset: a body still unread makes it a lingering close instead.
    const destroySoon = socket.destroySoon.bind(socket);
    socket.destroySoon = () => {
      const req = bodyRequests.get(socket);
      if (req && !req.complete && !req.destroyed && !lingering.has(socket)) linger(socket, req, destroySoon);
      else destroySoon();
    };
  };

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const socket = req.socket;
    if (lingering.has(socket)) {
      discardBody(
        req,
        () => {},
        () => {},
      );
      return false;
    }
    const length = req.headers["content-length"];
    const hasBody = req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
    if (!hasBody) return true;
    watchSocket(socket);
    bodyRequests.set(socket, req);
    // Decided when the head is written, the last moment it can say so: a body the route has not
    // read by then, and too long to drain, closes the connection.
    const isTooLongToDrain = length === undefined || !/^\d+$/.test(length) || Number(length) > drainBytes;
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      // A request already destroyed cannot be drained: Node stops reading its socket.
      if (!req.complete && (isTooLongToDrain || req.destroyed)) this.setHeader("Connection", "close");
      return Reflect.apply(writeHead, this, args) as ServerResponse;
    } as ServerResponse["writeHead"];
    res.once("finish", () => {
      if (!req.complete && !req.destroyed && !lingering.has(socket)) drain(socket, req);
    });
    return true;
  };
}

/**
 * Reads the rest of a body and drops it. Whatever held it (React Router's stream, paused once its
 * queue was full) is detached first: its queue would otherwise keep every byte.
 */
function discardBody(req: IncomingMessage, onData: () => void, onEnd: () => void) {
  req.removeAllListeners("data");
  req.on("data", onData);
  if (req.readableEnded) onEnd();
  else req.once("end", onEnd);
  req.resume();
}
