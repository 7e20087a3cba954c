/**
 * A real SMTP listener (smtp-server) whose first session is greeted and then left without an
 * answer to MAIL FROM, as a mail server that accepts and hangs (issue 22, ADR 047); every other
 * session works, unless `hangEverySession` is set. Used by the fault suite
 * (tests/integration/faults/faults-mail.test.ts) and the bench (scripts/bench/mail-hang.ts).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface HangingSmtp {
  url: string;
  /** X-Job-Id of every accepted message, in arrival order. */
  jobIds: string[];
  /** Sessions whose MAIL FROM was left unanswered so far. */
  hangs(): number;
  /** From now on every new session hangs too. */
  hangEverySession(): void;
  close(): Promise<void>;
}

export async function startHangingSmtp(host = "127.0.0.1"): Promise<HangingSmtp> {
  let firstSession: string | undefined;
  let hangs = 0;
  let hangAll = false;
  const jobIds: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onConnect(session, callback) {
      firstSession ??= session.id;
      callback();
    },
    onMailFrom(_address, session, callback) {
      // The first session, or every one once asked: greeted, then silence.
      if (hangAll || session.id === firstSession) {
        hangs += 1;
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString("utf8");
      });
      stream.on("end", () => {
        jobIds.push(/^X-Job-Id:\s*(\S+)/im.exec(head)?.[1] ?? "?");
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${host}:${port}`,
    jobIds,
    hangs: () => hangs,
    hangEverySession: () => {
      hangAll = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const connection of server.connections) connection.close();
        server.close(() => resolve());
      }),
  };
}
