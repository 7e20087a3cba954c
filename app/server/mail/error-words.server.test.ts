import { describe, expect, test } from "vitest";
import { mailErrorInWords, smtpServerName } from "#app/server/mail/error-words.server.ts";

const server = "smtp.bayoubuilders.com:587";

describe("mailErrorInWords", () => {
  test.each([
    [
      "SMTP ESOCKET: connect ECONNREFUSED 127.0.0.1:5399",
      "the mail server at smtp.bayoubuilders.com:587 refused the connection [ECONNREFUSED]",
    ],
    [
      "SMTP EAUTH: Invalid login: 535 5.7.8 Username and Password not accepted",
      "the mail server at smtp.bayoubuilders.com:587 did not accept the user name and password in SMTP_URL [EAUTH]",
    ],
    [
      "SMTP EDNS: getaddrinfo ENOTFOUND smtp.bayoubuilders.com",
      "the mail server's name smtp.bayoubuilders.com could not be found (DNS): check the host in SMTP_URL [ENOTFOUND]",
    ],
    [
      "SMTP ESOCKET: 80E8:error:0A00010B:SSL routines:ssl3_get_record:wrong version number",
      "the secure connection (TLS) to the mail server at smtp.bayoubuilders.com:587 failed: check smtp:// or smtps:// and the port in SMTP_URL [TLS]",
    ],
    [
      "SMTP ESOCKET: self-signed certificate in certificate chain",
      "the secure connection (TLS) to the mail server at smtp.bayoubuilders.com:587 failed: check smtp:// or smtps:// and the port in SMTP_URL [TLS]",
    ],
    [
      "The mail server could not be reached in time (SMTP ETIMEDOUT: Connection timeout)",
      "the mail server at smtp.bayoubuilders.com:587 did not answer in time [ETIMEDOUT]",
    ],
    [
      "The mail server accepted the connection but did not greet in time (SMTP ETIMEDOUT: Greeting never received)",
      "the mail server at smtp.bayoubuilders.com:587 accepted the connection but never greeted [GREETING_TIMEOUT]",
    ],
    [
      "The mail server did not finish the send within 60 s: it was cut off and will be tried again",
      "the mail server at smtp.bayoubuilders.com:587 stopped answering in the middle of a send [TIMEOUT]",
    ],
    [
      "SMTP ECONNECTION: Connection closed unexpectedly",
      "the mail server at smtp.bayoubuilders.com:587 closed the connection [ECONNRESET]",
    ],
    [
      "SMTP EENVELOPE: Can't send mail - all recipients were rejected: 451 4.7.1 Greylisted, try later",
      "the mail server at smtp.bayoubuilders.com:587 asked to try again later [451]",
    ],
    [
      "SMTP ESOCKET: connect EHOSTUNREACH 10.0.0.9:25",
      "the mail server at smtp.bayoubuilders.com:587 cannot be reached from this server [EHOSTUNREACH]",
    ],
  ])("%s", (raw, words) => {
    expect(mailErrorInWords(raw, server)).toBe(words);
  });

  test("an error no rule knows keeps its raw text, shortened, in brackets", () => {
    expect(mailErrorInWords("SMTP EWEIRD: something new", server)).toBe(
      "the mail server at smtp.bayoubuilders.com:587 could not take the email [SMTP EWEIRD: something new]",
    );
    const long = mailErrorInWords(`x${"y".repeat(300)}`, null);
    expect(long).toMatch(/^the mail server could not take the email \[xy+…\]$/);
    expect(long.length).toBeLessThan(170);
  });

  test("without SMTP_URL the words name no server", () => {
    expect(mailErrorInWords("connect ECONNREFUSED 127.0.0.1:25", null)).toBe("the mail server refused the connection [ECONNREFUSED]");
  });
});

test("smtpServerName: host and port as SMTP_URL says them, never the password", () => {
  expect(smtpServerName("smtp://user:secret@smtp.bayoubuilders.com:587")).toBe("smtp.bayoubuilders.com:587");
  expect(smtpServerName("smtps://mail.example.net")).toBe("mail.example.net");
  expect(smtpServerName(undefined)).toBeNull();
});
