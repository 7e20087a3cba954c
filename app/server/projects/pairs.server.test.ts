import { describe, expect, test } from "vitest";
import { shownPairs } from "#app/server/projects/pairs.server.ts";

const pair = (id: string, before: string, after: string) => ({
  id,
  project_id: "p",
  before_photo_id: before,
  after_photo_id: after,
  position: 0,
  caption: `pair ${id}`,
  caption_es: id === "3" ? `par ${id}` : "",
  created_at: "2026-01-01T00:00:00.000Z",
});

describe("shownPairs", () => {
  test("keeps, in order, only the pairs whose two photos are both shown, with both captions", () => {
    const shown = new Map([
      ["b1", { id: "b1" }],
      ["a1", { id: "a1" }],
      ["a2", { id: "a2" }],
    ]);
    expect(shownPairs([pair("1", "b1", "a1"), pair("2", "hidden", "a2"), pair("3", "a2", "b1")], shown)).toEqual([
      { id: "1", before: { id: "b1" }, after: { id: "a1" }, caption: "pair 1", captionEs: "" },
      { id: "3", before: { id: "a2" }, after: { id: "b1" }, caption: "pair 3", captionEs: "par 3" },
    ]);
  });
});
