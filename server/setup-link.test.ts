import { describe, expect, test } from "vitest";
import { setupLinkBlock } from "#server/setup-link.ts";

const url = "https://www.example.com/setup?token=abc123";
const line = `Create the first admin account: ${url} (valid for 1 hour)`;

describe("the setup link's block", () => {
  test("plain: a blank line, a rule, the link's line alone, a rule", () => {
    const rule = "=".repeat(line.length);
    expect(setupLinkBlock(url, { bold: false })).toBe(`\n${rule}\n${line}\n${rule}\n`);
  });

  test("on a terminal the link's line is bold and the rules fit its width", () => {
    const block = setupLinkBlock(url, { bold: true, columns: 40 });
    expect(block.split("\n")).toEqual(["", "=".repeat(40), `\u001b[1m${line}\u001b[22m`, "=".repeat(40), ""]);
  });
});
