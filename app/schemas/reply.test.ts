import { describe, expect, test } from "vitest";
import {
  ReplySchema,
  ReplyTemplateSchema,
  fillPlaceholders,
  firstNameOf,
  replyDeliveryLabel,
  replyLimits,
  replyPlaceholders,
  unknownPlaceholders,
  unknownPlaceholdersMessage,
  type PlaceholderValues,
} from "#app/schemas/reply.ts";

const values: PlaceholderValues = {
  first_name: "Maria",
  service: "Bathroom remodel",
  business_name: "Bayou City Builders",
  business_phone: "(281) 555-0123",
};

describe("fillPlaceholders", () => {
  test("fills every placeholder, each time it appears", () => {
    const text = "Hi {first_name}, about your {service}: {business_name} ({business_phone}). Thanks, {first_name}!";
    expect(fillPlaceholders(text, values)).toBe(
      "Hi Maria, about your Bathroom remodel: Bayou City Builders ((281) 555-0123). Thanks, Maria!",
    );
  });

  test("leaves unknown placeholders, stray braces and look-alikes as typed", () => {
    expect(fillPlaceholders("{price} {first name} { first_name } {} {{service}}", values)).toBe(
      "{price} {first name} { first_name } {} {Bathroom remodel}",
    );
  });

  test("a value that looks like a placeholder is not filled again", () => {
    expect(fillPlaceholders("{first_name} / {service}", { ...values, first_name: "{service}" })).toBe("{service} / Bathroom remodel");
  });

  test("a value with $ signs is inserted as it is (no replacement patterns)", () => {
    expect(fillPlaceholders("{business_name}", { ...values, business_name: "Cash $& Carry $1" })).toBe("Cash $& Carry $1");
  });
});

describe("firstNameOf", () => {
  test.each([
    ["Maria Gonzalez", "Maria"],
    ["  José   Muñoz  ", "José"],
    ["Cher", "Cher"],
    ["Mary-Kate O'Neil", "Mary-Kate"],
    ["", "there"],
    ["   ", "there"],
  ])("%j → %j", (name, first) => {
    expect(firstNameOf(name)).toBe(first);
  });
});

describe("unknown placeholders", () => {
  test("are found once each, in order; known ones and plain braces are not", () => {
    expect(unknownPlaceholders("{first_name} {price} {date} {price} {first name} {}")).toEqual(["price", "date"]);
    expect(unknownPlaceholders(replyPlaceholders.map((name) => `{${name}}`).join(" "))).toEqual([]);
  });

  test("the message names them and the ones that work", () => {
    expect(unknownPlaceholdersMessage(["price"])).toBe(
      "{price} is not a placeholder this site knows. Use {first_name}, {service}, {business_name} or {business_phone}.",
    );
    expect(unknownPlaceholdersMessage(["price", "date", "name"])).toMatch(/^\{price\}, \{date\} and \{name\} are not placeholders/);
  });
});

describe("ReplyTemplateSchema", () => {
  test("accepts every placeholder, trims, makes the subject one line and line endings LF", () => {
    const parsed = ReplyTemplateSchema.parse({
      name: "  Need photos ",
      subject: "Photos for\r\nyour {service}",
      body: "Hi {first_name},\r\n\r\nCall {business_name} at {business_phone}.\u0000",
    });
    expect(parsed).toEqual({
      name: "Need photos",
      subject: "Photos for your {service}",
      body: "Hi {first_name},\n\nCall {business_name} at {business_phone}.",
    });
  });

  test("a Spanish version: both or neither, checked like the English; empty fields are none (ADR 064)", () => {
    const base = { name: "Fotos", subject: "Photos", body: "Send photos" };
    expect(ReplyTemplateSchema.parse({ ...base, subject_es: " ", body_es: "" })).toEqual(base);
    expect(ReplyTemplateSchema.parse({ ...base, subject_es: "Fotos de su\r\n{service}", body_es: "Hola, {first_name}" })).toEqual({
      ...base,
      subject_es: "Fotos de su {service}",
      body_es: "Hola, {first_name}",
    });
    const half = ReplyTemplateSchema.safeParse({ ...base, body_es: "Hola" });
    expect(half.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["subject_es", "Write the Spanish subject too, or leave the Spanish message empty."],
    ]);
    const unknown = ReplyTemplateSchema.safeParse({ ...base, subject_es: "Su {trabajo}", body_es: "Hola" });
    expect(unknown.error!.issues[0]).toMatchObject({
      path: ["subject_es"],
      message: expect.stringMatching(/^\{trabajo\} is not a placeholder/),
    });
  });

  test("refuses unknown placeholders with a sentence naming them", () => {
    const result = ReplyTemplateSchema.safeParse({
      name: "Quote",
      subject: "Your {job}",
      body: "Total: {price}, by {date}",
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => [issue.path[0], issue.message]);
    expect(messages).toContainEqual(["subject", expect.stringMatching(/^\{job\} is not a placeholder/)]);
    expect(messages).toContainEqual(["body", expect.stringMatching(/^\{price\} and \{date\} are not placeholders/)]);
  });

  test("refuses empty fields and text over the limits", () => {
    const empty = ReplyTemplateSchema.safeParse({ name: " ", subject: "", body: "\n" });
    expect(empty.error!.issues.map((issue) => issue.path[0])).toEqual(["name", "subject", "body"]);
    const long = ReplyTemplateSchema.safeParse({
      name: "n".repeat(replyLimits.name.max + 1),
      subject: "s".repeat(replyLimits.subject.max + 1),
      body: "b".repeat(replyLimits.body.max + 1),
    });
    expect(long.error!.issues.map((issue) => issue.message)).toEqual([
      "Keep the name under 81 characters.",
      "Keep the subject under 201 characters.",
      "A message can be at most 5,000 characters. Shorten it a little.",
    ]);
    // At the limits, and with CR LF counted as one character as the browser counts it.
    expect(
      ReplySchema.safeParse({
        subject: "s".repeat(replyLimits.subject.max),
        body: "b\r\n".repeat(replyLimits.body.max / 2).trim(),
      }).success,
    ).toBe(true);
  });
});

test("delivery labels", () => {
  expect(["pending", "sending", "sent", "failed", null].map((s) => replyDeliveryLabel(s as never))).toEqual([
    "Waiting",
    "Sending",
    "Sent",
    "Failed",
    "Not queued",
  ]);
});
