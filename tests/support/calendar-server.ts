/**
 * A calendar server for the busy-times suites (ADR 071): a real HTTP server on the loopback
 * whose answer a test sets (an .ics file, an error, a cut connection), counting the requests it
 * gets; and the iCalendar text of a few events.
 */
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface CalendarServer {
  /** "http://127.0.0.1:<port>" */
  origin: string;
  port: number;
  /** Requests answered so far. */
  requests(): number;
  /** What the server answers from now on. */
  answer(handler: RequestListener): void;
  close(): Promise<void>;
}

const notFound: RequestListener = (_req, res) => res.writeHead(404).end();

export async function startCalendarServer(): Promise<CalendarServer> {
  let handler = notFound;
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    count += 1;
    handler(req, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests: () => count,
    answer(next) {
      handler = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers with this calendar text. */
export const serveCalendar =
  (text: string): RequestListener =>
  (_req, res) => {
    res.writeHead(200, { "content-type": "text/calendar; charset=utf-8" });
    res.end(text);
  };

/** An iCalendar file of these VEVENTs, each a list of property lines (a UID and DTSTAMP are added when missing). */
export function icsOf(events: string[][]): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//remodel tests//busy times//EN"];
  events.forEach((props, index) => {
    const uid = props.some((line) => line.startsWith("UID:")) ? [] : [`UID:busy-${index}@calendar.test`];
    lines.push("BEGIN:VEVENT", ...uid, "DTSTAMP:20270101T000000Z", ...props, "END:VEVENT");
  });
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}

/** "20270305T150000Z": a UTC time as iCalendar writes it. */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}
