import { describe, expect, it } from "vitest";
import { estimateLimits, parseEstimateRequest, phonePattern } from "#app/schemas/estimate.ts";
import { fieldErrorWords } from "#app/server/leads/estimate/answers.server.ts";

const valid = {
  from_name: "  Jane Doe ",
  email: "Jane@Example.com",
  phone: "(713) 555-0147",
  subject: "Bathroom remodel",
  message: "",
};

// The optional details, when the form leaves them out (an old client, or the spec's five fields).
const noDetails = { zip: null, street_address: null, contact_method: null, best_time: null };

describe("parseEstimateRequest", () => {
  it("accepts a complete request and trims it", () => {
    const result = parseEstimateRequest(valid);
    expect(result).toEqual({
      success: true,
      data: {
        from_name: "Jane Doe",
        email: "Jane@Example.com",
        phone: "(713) 555-0147",
        subject: "Bathroom remodel",
        message: "",
        ...noDetails,
      },
    });
  });

  it("stores a plain form post's CR LF line breaks as LF and counts each as one character", () => {
    const lines = Array.from({ length: 50 }, () => "x".repeat(99));
    const result = parseEstimateRequest({ ...valid, message: lines.join("\r\n") });
    expect(result.success && result.data.message).toBe(lines.join("\n"));
    expect(lines.join("\n").length).toBeLessThanOrEqual(estimateLimits.message.max);
  });

  it("removes NUL and other control characters; single-line fields become one line, the message keeps its lines and tabs", () => {
    const result = parseEstimateRequest({
      from_name: "Jane\u0000 Doe\r\nSmith",
      email: "jane@example.com\u0000",
      phone: "(713)\t555-0147",
      subject: "Bathroom\nremodel\u0007",
      message: "Line one\u0000\r\n\tLine two\u001B\u007F",
    });
    expect(result).toEqual({
      success: true,
      data: {
        from_name: "Jane Doe Smith",
        email: "jane@example.com",
        phone: "(713) 555-0147",
        subject: "Bathroom remodel",
        message: "Line one\n\tLine two",
        ...noDetails,
      },
    });
  });

  it("treats the message as optional", () => {
    const { message: _omitted, ...withoutMessage } = valid;
    const result = parseEstimateRequest(withoutMessage);
    expect(result.success && result.data.message).toBe("");
  });

  it.each([
    ["from_name", { from_name: "   " }, "Please enter your full name."],
    ["email", { email: "" }, "Please enter your email address."],
    ["email", { email: "jane@" }, "valid email"],
    ["phone", { phone: "" }, "Please enter your phone number."],
    ["phone", { phone: "555-0147" }, "at least 10 digits"],
    ["phone", { phone: "713 555 0147 ext 2" }, "only digits"],
    ["phone", { phone: "1234567890123456" }, "at least 10 digits"],
    ["subject", { subject: "" }, "Please enter a subject."],
    ["from_name", { from_name: "x".repeat(estimateLimits.from_name.max + 1) }, "under 100"],
    ["message", { message: "x".repeat(estimateLimits.message.max + 1) }, "under 5000"],
  ])("reports %s: %j", (field, patch, message) => {
    const result = parseEstimateRequest({ ...valid, ...patch });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(Object.keys(result.errors)).toEqual([field]);
      expect(fieldErrorWords("en", result.errors)[field as keyof typeof result.errors]).toContain(message);
    }
  });

  it("reports every missing field at once, one message each", () => {
    const result = parseEstimateRequest({});
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(result.errors).toSorted()).toEqual(["email", "from_name", "phone", "subject"]);
  });

  it("refuses values that are not strings", () => {
    const result = parseEstimateRequest({ ...valid, phone: 7135550147 });
    expect(result.success).toBe(false);
  });
});

describe("phonePattern (the browser's rule) agrees with the server", () => {
  const browser = new RegExp(`^(?:${phonePattern})$`, "v");
  it.each([
    "(713) 555-0147",
    "713-555-0147",
    "713.555.0147",
    "7135550147",
    "+1 713 555 0147",
    "1-713-555-0147",
    "555-0147",
    "abc",
    "713 555 0147 x2",
    "",
  ])("%s", (phone) => {
    const server = parseEstimateRequest({ ...valid, phone }).success;
    expect(browser.test(phone)).toBe(server);
  });
});

describe("the optional details", () => {
  it("keeps a 5-digit ZIP, an address, a contact method and a best time", () => {
    const result = parseEstimateRequest({
      ...valid,
      zip: " 77008 ",
      street_address: "1234 Heights Blvd",
      contact_method: "text",
      best_time: "Weekdays after 5 pm",
    });
    expect(result.success && result.data).toMatchObject({
      zip: "77008",
      street_address: "1234 Heights Blvd",
      contact_method: "text",
      best_time: "Weekdays after 5 pm",
    });
  });

  it("refuses a 4-digit ZIP, a 300-character address and an unknown contact method, each with a sentence", () => {
    const result = parseEstimateRequest({
      ...valid,
      zip: "7700",
      street_address: "x".repeat(300),
      contact_method: "fax",
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const words = fieldErrorWords("en", result.errors);
    expect(words.zip).toMatch(/5-digit ZIP code/);
    expect(words.street_address).toMatch(/under 200 characters/);
    expect(words.contact_method).toMatch(/call, a text or an email/);
  });
});
