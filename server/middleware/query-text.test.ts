import { describe, expect, test } from "vitest";
import { findQueryProblem, queryProblemSentence } from "#server/middleware/query-text.ts";

/** A query string as Node hands it over: each byte of the request line one latin1 character. */
const raw = (text: string) => Buffer.from(text, "utf8").toString("latin1");

describe("findQueryProblem", () => {
  test.each([
    "",
    "q=kitchen",
    "q=kitchen+remodel&status=new&page=2",
    "q=caf%C3%A9",
    "q=%F0%9F%8F%A0",
    "q=%EF%BF%BD", // U+FFFD itself, validly encoded, is text
    "q=a%09b", // tab: pasted from a table
    "q=100%25",
    "q=&status=",
    "flag",
    "&&q=x&",
    "redirectTo=%2Fadmin%2Fleads%3Fstatus%3Dnew",
    raw("q=café"), // raw UTF-8 bytes some clients send unescaped
    `delete=${"0".repeat(36)}&`.repeat(200),
  ])("accepts %j", (query) => {
    expect(findQueryProblem(query)).toBeNull();
  });

  test.each([
    ["NUL", "q=%00", { kind: "control", name: "q" }],
    ["NUL inside text", "status=new&q=a%00b", { kind: "control", name: "q" }],
    ["LF", "q=a%0Ab", { kind: "control", name: "q" }],
    ["CR", "q=a%0db", { kind: "control", name: "q" }],
    ["ESC", "q=%1B[31m", { kind: "control", name: "q" }],
    ["DEL", "q=%7F", { kind: "control", name: "q" }],
    ["a C1 control", "q=%C2%85", { kind: "control", name: "q" }],
    ["NUL in a name", "a%00b=1", { kind: "control", name: null }],
    ["a broken percent code", "q=%ZZ", { kind: "percent", name: "q" }],
    ["a percent sign at the end", "q=100%", { kind: "percent", name: "q" }],
    ["a cut percent code", "q=%4", { kind: "percent", name: "q" }],
    ["a broken percent code in a name", "%ZZ=1", { kind: "percent", name: null }],
    ["an overlong NUL", "q=%C0%80", { kind: "encoding", name: "q" }],
    ["an overlong slash", "q=%E0%80%AF", { kind: "encoding", name: "q" }],
    ["an encoded lone surrogate", "q=%ED%A0%80", { kind: "encoding", name: "q" }],
    ["a cut sequence", "q=%C3", { kind: "encoding", name: "q" }],
    ["a stray continuation byte", "q=%80", { kind: "encoding", name: "q" }],
    ["latin1 sent raw", "q=caf\u00e9", { kind: "encoding", name: "q" }],
    ["past U+10FFFF", "q=%F4%90%80%80", { kind: "encoding", name: "q" }],
  ])("refuses %s", (_, query, expected) => {
    expect(findQueryProblem(query)).toEqual(expected);
  });

  test("names only a parameter that can be shown as it is", () => {
    expect(findQueryProblem(`${"n".repeat(41)}=%00`)).toEqual({ kind: "control", name: null });
    expect(findQueryProblem("%3Cb%3E=%00")).toEqual({ kind: "control", name: null });
  });
});

describe("queryProblemSentence", () => {
  test("says what is wrong and where, in words", () => {
    expect(queryProblemSentence({ kind: "control", name: "q" })).toBe(
      "The “q” part of this address has a control character in it (such as NUL or a line break), which no search or page uses, so the request was not accepted. Please check the link, or go back and try again.",
    );
    expect(queryProblemSentence({ kind: "percent", name: null })).toMatch(
      /^This address has a “%” that is not followed by two hexadecimal digits/,
    );
    expect(queryProblemSentence({ kind: "encoding", name: "q" })).toMatch(/not valid text/);
  });
});

describe("queryProblemSentence in Spanish (a refused /es/ address)", () => {
  test("says the same in Spanish, naming the parameter", () => {
    expect(queryProblemSentence({ kind: "control", name: "q" }, "es")).toBe(
      "La parte “q” de esta dirección tiene un carácter de control (como NUL o un salto de línea), que ninguna búsqueda ni página usa, así que no se aceptó la solicitud. Revise el enlace, o regrese e inténtelo de nuevo.",
    );
    expect(queryProblemSentence({ kind: "percent", name: null }, "es")).toMatch(/^Esta dirección tiene un “%” que no va seguido/);
  });
});
