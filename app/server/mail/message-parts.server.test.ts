import { describe, expect, test } from "vitest";
import { defaultSenderAddress } from "#app/server/mail/message-parts.server.ts";

describe("defaultSenderAddress (MAIL_FROM unset)", () => {
  test.each([
    ["https://www.bayoubuilders.com", "no-reply@bayoubuilders.com"],
    ["https://bayoubuilders.com:8443/", "no-reply@bayoubuilders.com"],
    ["https://remodel.bayoubuilders.com", "no-reply@remodel.bayoubuilders.com"],
    ["http://localhost:3000", "no-reply@localhost"],
    ["http://site.localhost", "no-reply@localhost"],
    // An IP address is no domain: nothing can vouch for mail from it, so the checklist's localhost case.
    ["http://127.0.0.1:3000", "no-reply@localhost"],
    ["http://203.0.113.7", "no-reply@localhost"],
    ["http://[::1]:3000", "no-reply@localhost"],
  ])("%s sends from %s", (publicUrl, sender) => {
    expect(defaultSenderAddress(publicUrl)).toBe(sender);
  });
});
