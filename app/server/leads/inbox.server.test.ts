import { describe, expect, test } from "vitest";
import { INBOX_PAGE_SIZE, SEARCH_MAX_LENGTH, inboxSearch, pageCount, parseInboxQuery } from "#app/server/leads/inbox.server.ts";

const parse = (search: string) => parseInboxQuery(new URLSearchParams(search));

describe("parseInboxQuery", () => {
  test("no query: all open requests, no search, first page", () => {
    expect(parse("")).toEqual({ filter: { status: "open", q: "" }, page: 1, problems: [], badStatus: false });
  });

  test.each(["open", "new", "contacted", "scheduled", "won", "lost", "spam", "all"])("status=%s is kept", (status) => {
    const query = parse(`status=${status}`);
    expect(query.filter.status).toBe(status);
    expect(query.problems).toEqual([]);
  });

  test("an unknown status falls back to open, says so, and is flagged", () => {
    const query = parse("status=bogus");
    expect(query.filter.status).toBe("open");
    expect(query.badStatus).toBe(true);
    expect(query.problems).toEqual(["“bogus” is not a status, so all open requests are shown."]);
  });

  test("statuses are matched exactly (no case folding, no prototype keys)", () => {
    expect(parse("status=NEW").badStatus).toBe(true);
    expect(parse("status=constructor").badStatus).toBe(true);
  });

  test("search text is trimmed; too long is cut with a note", () => {
    expect(parse("q=%20%20tile%20").filter.q).toBe("tile");
    const long = parse(`q=${"a".repeat(SEARCH_MAX_LENGTH + 50)}`);
    expect(long.filter.q).toHaveLength(SEARCH_MAX_LENGTH);
    expect(long.problems).toHaveLength(1);
  });

  test.each(["2", "17", "000003"])("page=%s is read as a number", (page) => {
    expect(parse(`page=${page}`).page).toBe(Number(page));
    expect(parse(`page=${page}`).problems).toEqual([]);
  });

  test.each(["abc", "0", "-1", "1.5", "1e3", "99999999999999999999", "2abc", " "])(
    "page=%j falls back to 1 (with a note unless blank)",
    (page) => {
      const query = parse(`page=${encodeURIComponent(page)}`);
      expect(query.page).toBe(1);
      expect(query.problems.length).toBe(page.trim() === "" ? 0 : 1);
    },
  );

  test("a long bad value is shortened in the note", () => {
    const query = parse(`status=${"x".repeat(500)}`);
    expect(query.problems[0]!.length).toBeLessThan(120);
  });
});

describe("inboxSearch and pageCount", () => {
  test("defaults are left out", () => {
    expect(inboxSearch({ status: "open", q: "" })).toBe("");
    expect(inboxSearch({ status: "open", q: "" }, 1)).toBe("");
  });

  test("filters and page are kept, encoded", () => {
    expect(inboxSearch({ status: "won", q: "50% off & more" }, 3)).toBe("?status=won&q=50%25+off+%26+more&page=3");
  });

  test("what inboxSearch writes, parseInboxQuery reads back", () => {
    const search = inboxSearch({ status: "spam", q: "José_1" }, 4);
    expect(parse(search.slice(1))).toMatchObject({ filter: { status: "spam", q: "José_1" }, page: 4, problems: [] });
  });

  test("pageCount is at least 1 and rounds up", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(INBOX_PAGE_SIZE)).toBe(1);
    expect(pageCount(INBOX_PAGE_SIZE + 1)).toBe(2);
    expect(pageCount(101, 25)).toBe(5);
  });
});
