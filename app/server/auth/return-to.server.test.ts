import { describe, expect, test } from "vitest";
import { DEFAULT_RETURN_TO, MAX_RETURN_TO_LENGTH, safeReturnTo } from "#app/server/auth/return-to.server.ts";

/** What a Location header can carry without a TypeError or raw bytes: printable ASCII. */
const HEADER_SAFE = /^[\x21-\x7e]*$/;

describe("safeReturnTo", () => {
  test.each([
    ["/admin/leads?status=new", "/admin/leads?status=new"],
    ["/", "/"],
    ["/profile#top", "/profile#top"],
    ["/login?redirectTo=%2Fadmin", "/login?redirectTo=%2Fadmin"],
    // Not ASCII: percent-encoded as UTF-8, as a browser sends it, never refused for it.
    ["/gallery?q=é", "/gallery?q=%C3%A9"],
    ["/gallery?q=é✓", "/gallery?q=%C3%A9%E2%9C%93"],
    ["/gallery?q=ü", "/gallery?q=%C3%BC"],
    ["/café/página", "/caf%C3%A9/p%C3%A1gina"],
    ["/projects?q=🏠", "/projects?q=%F0%9F%8F%A0"],
    ["/admin/leads?q=a b", "/admin/leads?q=a%20b"],
    ["/a/../admin", "/admin"],
    [`/${"a".repeat(MAX_RETURN_TO_LENGTH - 2)}`, `/${"a".repeat(MAX_RETURN_TO_LENGTH - 2)}`],
  ])("keeps %j as %j", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
    expect(safeReturnTo(value)).toMatch(HEADER_SAFE);
  });

  test.each([
    ["another host", "//evil.example"],
    ["another host through a backslash", "/\\evil.example"],
    ["a backslash further on", "/admin\\..\\..\\evil"],
    ["a scheme", "https://evil.example"],
    ["a script", "javascript:alert(1)"],
    ["no leading slash", "evil.example/profile"],
    ["a dot-segment path that becomes another host", "/..//evil.example"],
    ["CR LF (a header split)", "/x\r\nSet-Cookie: a=b"],
    ["LF", "/a\nb"],
    ["a tab", "/a\tb"],
    ["NUL", "/a\u0000"],
    ["DEL", "/a\u007f"],
    ["a C1 control", "/\u0085"],
    ["an encoded NUL", "/admin/leads?q=%00"],
    ["an encoded CR LF", "/x%0d%0aSet-Cookie:%20a=b"],
    ["a lone surrogate", "/a\ud800b"],
    ["a broken percent code", "/admin/leads?q=%ZZ"],
    ["an overlong NUL", "/admin/leads?q=%C0%80"],
    ["an encoded surrogate", "/a%ED%A0%80"],
    ["the empty string", ""],
    ["very long", `/${"a".repeat(MAX_RETURN_TO_LENGTH - 1)}`],
    ["long once encoded", `/${"é".repeat(200)}`],
    ["a megabyte", `/${"a".repeat(1024 * 1024)}`],
    ["null", null],
    ["undefined", undefined],
    ["a number", 42],
    ["an array", ["/profile"]],
  ])("refuses %s", (_, value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });
});
