import { describe, expect, it } from "vitest";
import { cleanMultiLineText, cleanSingleLineText } from "#app/schemas/text.ts";

describe("cleanMultiLineText", () => {
  it("removes NUL and the other control characters, keeps tabs, line breaks and every printable character", () => {
    expect(cleanMultiLineText("a\u0000b\u0007c\u001Bd\u007Fe\u0085f\u009Fg")).toBe("abcdefg");
    expect(cleanMultiLineText("Rooms:\tkitchen\n\tbath")).toBe("Rooms:\tkitchen\n\tbath");
    expect(cleanMultiLineText("José Núñez — “quotes” 🏠 中文")).toBe("José Núñez — “quotes” 🏠 中文");
  });

  it("makes every line break LF", () => {
    expect(cleanMultiLineText("one\r\ntwo\rthree\nfour\u2028five\u2029six")).toBe("one\ntwo\nthree\nfour\nfive\nsix");
    expect(cleanMultiLineText("a\r\n\r\nb")).toBe("a\n\nb");
  });

  it("removes vertical tab and form feed (not line breaks a textarea makes)", () => {
    expect(cleanMultiLineText("a\u000Bb\u000Cc")).toBe("abc");
  });
});

describe("cleanSingleLineText", () => {
  it("removes control characters", () => {
    expect(cleanSingleLineText("Maria\u0000 Gonzalez\u0008")).toBe("Maria Gonzalez");
  });

  it("collapses line breaks and tabs, with the spaces around them, into one space", () => {
    expect(cleanSingleLineText("Maria\r\nGonzalez")).toBe("Maria Gonzalez");
    expect(cleanSingleLineText("Kitchen  \n\n  remodel")).toBe("Kitchen remodel");
    expect(cleanSingleLineText("a\tb\u2028c")).toBe("a b c");
    expect(cleanSingleLineText("evil@example.com\r\nBcc: victim@example.com")).toBe("evil@example.com Bcc: victim@example.com");
  });

  it("leaves ordinary text alone, inner double spaces included", () => {
    expect(cleanSingleLineText("(713) 555-0147")).toBe("(713) 555-0147");
    expect(cleanSingleLineText("Ana  María")).toBe("Ana  María");
  });
});
