/**
 * Calendar invitations as a mail app sees them: the text/calendar part of a received message,
 * its METHOD parameter, and its one event parsed back with a real parser (node-ical).
 */
import { sync, type VEvent } from "node-ical";
import { expect } from "vitest";
import type { ReceivedMail } from "#tests/support/smtp.ts";

export interface ReceivedInvitation {
  /** The `method=` of the part's Content-Type. */
  partMethod: string | undefined;
  /** METHOD of the VCALENDAR. */
  method: string | undefined;
  event: VEvent;
  text: string;
}

/** The calendar part of a message (mailparser lists it with the attachments). */
export function invitationOf(mail: ReceivedMail): ReceivedInvitation {
  const part = mail.parsed.attachments.find((a) => a.contentType === "text/calendar");
  expect(part, `a text/calendar part in “${mail.parsed.subject}”`).toBeDefined();
  const text = part!.content.toString("utf8");
  const partMethod = /method=([A-Z]+)/i.exec(
    mail.raw.toString("utf8").match(/Content-Type: text\/calendar[^\r\n]*(\r\n[ \t][^\r\n]*)*/i)?.[0] ?? "",
  )?.[1];
  const parsed = sync.parseICS(text);
  const events = Object.values(parsed).filter((c) => c?.type === "VEVENT") as VEvent[];
  expect(events).toHaveLength(1);
  return {
    partMethod,
    method: (parsed.vcalendar as unknown as { method?: string } | undefined)?.method,
    event: events[0]!,
    text,
  };
}
