/**
 * A real SMTP listener for tests (smtp-server on 127.0.0.1), collecting every accepted message
 * parsed with mailparser. It can:
 * - stop and start again on the same port (a mail server going down and coming back);
 * - answer RCPT TO with a chosen error code, for all recipients or one (451 temporary, 550
 *   permanent).
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO, as the client sent them. */
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
  raw: Buffer;
  /** A header's value (first one, lowercase name), as a string. */
  header(name: string): string | undefined;
}

export interface RcptRejection {
  code: number;
  message?: string;
  /** Only this recipient (case-insensitive); every recipient when unset. */
  address?: string;
}

export interface SmtpTestServer {
  readonly host: string;
  readonly port: number;
  /** smtp://127.0.0.1:<port> */
  readonly url: string;
  /** Every message accepted so far, in arrival order. */
  readonly messages: ReceivedMail[];
  /** How many RCPT TO commands were answered with a rejection. */
  readonly rejectedRcpts: number;
  isRunning(): boolean;
  /** Resolves once at least `count` messages arrived (all of them), rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Answer RCPT TO with an error; `null` clears every rejection. Several may be active. */
  rejectRcpt(rejection: RcptRejection | null): void;
  /** Forget the collected messages. */
  clear(): void;
  /** Stops listening and drops open connections (421), like a server going down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** What the listener collects and is told; shared by its restarts. */
interface ListenerState {
  messages: ReceivedMail[];
  waiters: Set<() => void>;
  rejections: RcptRejection[];
  rejectedRcpts: number;
}

function createListener(state: ListenerState): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Tests restart it often: do not wait for clients to leave.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      const rejection = state.rejections.find((r) => r.address === undefined || r.address.toLowerCase() === address.address.toLowerCase());
      if (rejection) {
        state.rejectedRcpts += 1;
        const error = Object.assign(new Error(rejection.message ?? `Recipient rejected (test ${rejection.code})`), {
          responseCode: rejection.code,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        simpleParser(raw).then(
          (parsed) => {
            state.messages.push({
              envelope,
              parsed,
              raw,
              header(name) {
                const value = parsed.headers.get(name.toLowerCase());
                if (value === undefined) return undefined;
                return typeof value === "string" ? value : JSON.stringify(value);
              },
            });
            for (const wake of state.waiters) wake();
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
}

export async function startSmtpServer(options: { port?: number } = {}): Promise<SmtpTestServer> {
  const host = "127.0.0.1";
  const state: ListenerState = { messages: [], waiters: new Set(), rejections: [], rejectedRcpts: 0 };
  const { messages, waiters } = state;
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  async function start(): Promise<void> {
    if (server) return;
    const next = createListener(state);
    next.on("error", () => {
      // Connection-level errors (a client hanging up) are expected in these tests.
    });
    await new Promise<void>((resolve, reject) => {
      next.server.once("error", reject);
      next.listen(port, host, () => {
        next.server.off("error", reject);
        resolve();
      });
    });
    port = (next.server.address() as AddressInfo).port;
    server = next;
  }

  async function stop(): Promise<void> {
    const current = server;
    if (!current) return;
    server = undefined;
    const closed = new Promise<void>((resolve) => current.close(() => resolve()));
    for (const connection of current.connections) {
      connection.send(421, "Service shutting down");
      connection.close();
    }
    await closed;
  }

  await start();

  return {
    host,
    get port() {
      return port;
    },
    get url() {
      return `smtp://${host}:${port}`;
    },
    messages,
    get rejectedRcpts() {
      return state.rejectedRcpts;
    },
    isRunning: () => server !== undefined,
    waitFor(count, timeoutMs = 10_000) {
      if (messages.length >= count) return Promise.resolve([...messages]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`SMTP test server: expected ${count} messages, got ${messages.length} in ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve([...messages]);
        }
        waiters.add(check);
      });
    },
    rejectRcpt(rejection) {
      state.rejections = rejection ? [...state.rejections, rejection] : [];
    },
    clear() {
      messages.length = 0;
    },
    stop,
    start,
  };
}
