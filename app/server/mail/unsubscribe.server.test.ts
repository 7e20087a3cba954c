import { createTransport } from "nodemailer";
import { describe, expect, test } from "vitest";
import { nodemailerMessage } from "#app/server/mail/smtp-transport.server.ts";
import {
  listUnsubscribeHeaders,
  SUPPRESSIBLE_KINDS,
  suppressedReason,
  unsubscribeToken,
  unsubscribeUrl,
} from "#app/server/mail/unsubscribe.server.ts";
import { readUnsubscribeToken } from "#app/server/mail/unsubscribe-token.server.ts";

const SECRET = "s".repeat(64);

describe("the unsubscribe token", () => {
  test("carries its address and scope, read back with the same secret", () => {
    const token = unsubscribeToken(SECRET, " Maria.Lopez@Home.test ", "reviews");
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.reviews\.[A-Za-z0-9_-]{43}$/);
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ email: "maria.lopez@home.test", scope: "reviews" });
  });

  test("a changed address, scope or signature, or another secret, is refused", () => {
    const token = unsubscribeToken(SECRET, "maria@home.test", "reviews");
    const [, scope, mac] = token.split(".") as [string, string, string];
    const otherAddress = `${Buffer.from("jose@home.test").toString("base64url")}.${scope}.${mac}`;
    expect(readUnsubscribeToken(SECRET, otherAddress)).toBeNull();
    expect(readUnsubscribeToken(SECRET, token.replace(".reviews.", ".all."))).toBeNull();
    const flipped = mac.startsWith("A") ? `B${mac.slice(1)}` : `A${mac.slice(1)}`;
    expect(readUnsubscribeToken(SECRET, token.replace(mac, flipped))).toBeNull();
    expect(readUnsubscribeToken("t".repeat(64), token)).toBeNull();
    expect(readUnsubscribeToken(SECRET, "not-a-token")).toBeNull();
  });

  test("the page's address is in the homeowner's language", () => {
    const args = { publicUrl: "https://remodel.test", secret: SECRET, email: "maria@home.test", scope: "reviews" };
    expect(unsubscribeUrl(args)).toMatch(/^https:\/\/remodel\.test\/unsubscribe\/[^/]+$/);
    expect(unsubscribeUrl({ ...args, locale: "es" })).toMatch(/^https:\/\/remodel\.test\/es\/baja\/[^/]+$/);
  });
});

describe("the List-Unsubscribe headers", () => {
  const headers = listUnsubscribeHeaders({ publicUrl: "https://remodel.test", secret: SECRET, email: "maria@home.test", scope: "reviews" });

  test("name the link and the one-click POST (RFC 8058)", () => {
    const token = unsubscribeToken(SECRET, "maria@home.test", "reviews");
    expect(headers).toEqual({
      "List-Unsubscribe": `<https://remodel.test/unsubscribe/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  test("are both in the message nodemailer writes for SMTP", async () => {
    const writer = createTransport({ streamTransport: true, buffer: true });
    const info = await writer.sendMail(
      nodemailerMessage({
        to: "maria@home.test",
        from: "Example Home Remodeling <no-reply@remodel.test>",
        subject: "How did we do?",
        text: "Thank you.",
        html: "<p>Thank you.</p>",
        template: { kind: "lead-reply", params: {} },
        headers,
      }),
    );
    const raw = (info.message as Buffer).toString("utf8").replace(/\r\n[ \t]+/g, " ");
    expect(raw).toContain(`List-Unsubscribe: ${headers["List-Unsubscribe"]}`);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });
});

describe("the outbox's question", () => {
  test("the review request and its reminder are the kinds an address may stop, both under “reviews”", () => {
    expect([...SUPPRESSIBLE_KINDS]).toEqual([
      ["review-request", "reviews"],
      ["review-reminder", "reviews"],
    ]);
  });

  test("a suppression says why, in the admin's words; none says send", () => {
    expect(suppressedReason(null)).toBeNull();
    expect(
      suppressedReason({ email: "maria@home.test", scope: "reviews", source: "one-click", createdAt: "2026-11-29T14:00:00.000Z" }),
    ).toBe("Not sent: maria@home.test asked on 2026-11-29 not to get these emails (reviews, one-click)");
  });
});
