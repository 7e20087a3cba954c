import { describe, expect, test } from "vitest";
import { isActionDone, isActionRefused, resultFor } from "#app/schemas/admin-action.ts";

describe("an admin action's answer", () => {
  test("done: ok true with a sentence; anything else is not", () => {
    expect(isActionDone({ intent: "note", ok: true, message: "Note added." })).toBe(true);
    expect(isActionDone({ intent: "note", ok: true, message: "" })).toBe(false);
    expect(isActionDone({ intent: "note", ok: "true", message: "Note added." })).toBe(false);
    expect(isActionDone({ error: "No.", intent: "note" })).toBe(false);
    expect(isActionDone(null)).toBe(false);
    expect(isActionDone("Note added.")).toBe(false);
  });

  test("refused: has an error sentence", () => {
    expect(isActionRefused({ error: "Write something in the note before adding it.", intent: "note" })).toBe(true);
    expect(isActionRefused({ intent: "note", ok: true, message: "Note added." })).toBe(false);
    expect(isActionRefused(undefined)).toBe(false);
  });

  test("a form shows its fetcher's answer first, else the page's action data, only for its own intent", () => {
    const fetched = { intent: "note", ok: true as const, message: "Note added." };
    const posted = { intent: "note", error: "Write something in the note before adding it." };
    const other = { intent: "status", ok: true as const, message: "Status changed from New to Won." };
    expect(resultFor("note", fetched, posted)).toBe(fetched);
    expect(resultFor("note", undefined, posted)).toBe(posted);
    expect(resultFor("note", other, undefined)).toBeUndefined();
    expect(resultFor("note", undefined, other)).toBeUndefined();
    // A loader's data or anything else a fetcher holds is not an answer.
    expect(resultFor("note", { photos: [] }, undefined)).toBeUndefined();
  });
});
