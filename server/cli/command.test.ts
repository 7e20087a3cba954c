import { describe, expect, test } from "vitest";
import { EXIT_USAGE, textOption, usageError, type CliCommand, type CliIO } from "#server/cli/command.ts";

describe("CLI command helpers", () => {
  test("textOption trims a string option and gives '' for anything else", () => {
    expect(textOption({ to: "  /backups " }, "to")).toBe("/backups");
    expect(textOption({ to: true }, "to")).toBe("");
    expect(textOption({}, "to")).toBe("");
  });

  test("usageError prints the message, then the command's usage, and is the usage exit code", () => {
    const lines: string[] = [];
    const io: CliIO = { out: () => {}, err: (line) => lines.push(line), env: {} };
    const command: CliCommand = { summary: "", usage: "backup --to DIR", run: async () => 0 };
    expect(usageError(io, command, "backup: say where")).toBe(EXIT_USAGE);
    expect(lines).toEqual(["backup: say where", "Usage: node server/cli.ts backup --to DIR"]);
  });
});
