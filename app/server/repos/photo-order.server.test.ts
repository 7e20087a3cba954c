import { describe, expect, test } from "vitest";
import { moveInList } from "#app/server/repos/photo-order.server.ts";

const rows = () => ["a", "b", "c", "d"].map((id) => ({ id }));
const ids = (list: { id: string }[]) => list.map((r) => r.id).join("");

describe("moveInList", () => {
  test("moves a row to a position and says where it landed", () => {
    const list = rows();
    expect(moveInList(list, "d", 1)).toBe(1);
    expect(ids(list)).toBe("adbc");
  });

  test("clamps the position to the list and drops fractions", () => {
    const first = rows();
    expect(moveInList(first, "c", -5)).toBe(0);
    expect(ids(first)).toBe("cabd");
    const last = rows();
    expect(moveInList(last, "a", Number.MAX_SAFE_INTEGER)).toBe(3);
    expect(ids(last)).toBe("bcda");
    const fraction = rows();
    expect(moveInList(fraction, "a", 2.9)).toBe(2);
    expect(ids(fraction)).toBe("bcad");
  });

  test("leaves the list alone when the row is not in it", () => {
    const list = rows();
    expect(moveInList(list, "z", 0)).toBeNull();
    expect(ids(list)).toBe("abcd");
  });
});
