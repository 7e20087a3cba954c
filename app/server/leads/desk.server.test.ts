import { describe, expect, test } from "vitest";
import { checkLeadNote, telHref } from "./desk.server.ts";

describe("telHref", () => {
  test("a US number without a country code gets +1", () => {
    expect(telHref("(713) 555-0147")).toBe("tel:+17135550147");
  });

  test("a number written with + keeps its own country code", () => {
    expect(telHref(" +44 20 7946 0958")).toBe("tel:+442079460958");
  });

  test("anything else is dialled as written, digits only", () => {
    expect(telHref("555-0100")).toBe("tel:5550100");
  });
});

describe("checkLeadNote", () => {
  test("line endings become LF and the ends are trimmed", () => {
    expect(checkLeadNote("  First\r\nsecond \r\n")).toEqual({ outcome: "ok", body: "First\nsecond" });
  });

  test("an empty note is refused, and what was typed is kept", () => {
    expect(checkLeadNote(" \r\n ")).toEqual({
      outcome: "refused",
      error: "Write something in the note before adding it.",
      text: " \r\n ",
    });
  });

  test("2,000 characters is the most, a CR LF counting as one", () => {
    const note = `${"a".repeat(999)}\r\n${"b".repeat(1000)}`;
    expect(checkLeadNote(note).outcome).toBe("ok");
  });

  test("a longer note is refused with both lengths, and kept (cut at twice the limit)", () => {
    const result = checkLeadNote("x".repeat(5000));
    expect(result).toEqual({
      outcome: "refused",
      error: "A note can be at most 2,000 characters; this one has 5,000. Shorten it, or split it into two notes.",
      text: "x".repeat(4000),
    });
  });
});
