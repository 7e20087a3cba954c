import { describe, expect, test } from "vitest";
import type { EmailJob } from "#app/server/repos/email-jobs.server.ts";
import { describeTestEmail, explainMailError } from "#app/server/mail/test-email.server.ts";

const job = (fields: Partial<EmailJob>): EmailJob =>
  ({
    id: "3f0c2a9e-7b1d-4f55-9a61-0d6f2c1e8b77",
    kind: "test-email",
    recipient: "leads@bayoubuilders.test",
    status: "pending",
    attempts: 0,
    last_error: null,
    ...fields,
  }) as EmailJob;

describe("explainMailError", () => {
  test.each([
    [
      "SMTP ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525",
      /^The mail server refused the connection: check the host and port in SMTP_URL/,
    ],
    ["SMTP EDNS: getaddrinfo ENOTFOUND smtp.nowhere.test", /^The mail server's name was not found/],
    ["SMTP EAUTH: Invalid login: 535 5.7.8 Authentication failed", /^The mail server did not accept the user name or password/],
    [
      "SMTP EENVELOPE: Can't send mail - all recipients were rejected: 550 5.1.1 No such mailbox",
      /^The mail server refused the recipient address/,
    ],
    ["SMTP EENVELOPE: 451 4.3.0 Try again later", /^The mail server asked to try again later\./],
    ["SMTP send timed out after 60000 ms", /^The mail server did not answer in time/],
    ["EmailJS answered 403: invalid key", /^EmailJS refused the keys/],
    ["something odd", /^The email was not accepted\./],
  ])("%s", (error, sentence) => {
    const words = explainMailError(error);
    expect(words).toMatch(sentence);
    // The mail system's own words stay, for whoever fixes it.
    expect(words.endsWith(`(The mail system said: ${error})`)).toBe(true);
  });
});

describe("describeTestEmail", () => {
  test("sent over SMTP: delivered to the inbox", () => {
    expect(describeTestEmail(job({ status: "sent", attempts: 1 }), "smtp")).toEqual({
      outcome: "delivered",
      message: "The test email was delivered to leads@bayoubuilders.test. Check that inbox, and its spam folder.",
    });
  });

  test("'sent' by the file transport is not delivered, and says so", () => {
    const result = describeTestEmail(job({ status: "sent", attempts: 1 }), "file");
    expect(result.outcome).toBe("written-to-file");
    expect(result.message).toContain("not sent: email delivery is not set up yet (set SMTP_URL)");
  });

  test("failed, waiting for a retry, or not tried yet", () => {
    expect(
      describeTestEmail(job({ status: "failed", attempts: 1, last_error: "SMTP EENVELOPE: 550 mailbox unavailable" }), "smtp"),
    ).toMatchObject({
      outcome: "failed",
      message: expect.stringMatching(
        /^The test email to leads@bayoubuilders\.test could not be sent\. The mail server refused the recipient address/,
      ),
    });
    expect(describeTestEmail(job({ status: "pending", attempts: 1, last_error: "SMTP ECONNREFUSED: connect" }), "smtp")).toMatchObject({
      outcome: "retrying",
      message: expect.stringMatching(/could not be sent yet\. .* It stays in the outbox and will be tried again\.$/),
    });
    expect(describeTestEmail(job({}), "smtp").outcome).toBe("queued");
    expect(describeTestEmail(job({ status: "sending", attempts: 1 }), "smtp").outcome).toBe("queued");
  });
});
