import { describe, expect, test } from "vitest";
import { CSV_BOM, csvCell, csvDocument, csvRow } from "#app/server/leads/csv.server.ts";

describe("csvCell", () => {
  test("quotes every cell, even plain text and numbers", () => {
    expect(csvCell("Maria")).toBe('"Maria"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell("")).toBe('""');
  });

  test("null and undefined are empty cells", () => {
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });

  test("doubles quotes inside a cell", () => {
    expect(csvCell('The "big" bath')).toBe('"The ""big"" bath"');
    expect(csvCell('"')).toBe('""""');
  });

  test("keeps commas and line breaks inside the quoted cell", () => {
    expect(csvCell("Katy, TX")).toBe('"Katy, TX"');
    expect(csvCell("line one\nline two\r\nline three")).toBe('"line one\nline two\r\nline three"');
  });

  test.each([
    ['=HYPERLINK("http://evil.example","x")', '"\'=HYPERLINK(""http://evil.example"",""x"")"'],
    ["+1 713 555 0147", '"\'+1 713 555 0147"'],
    ["-2+3", '"\'-2+3"'],
    ["@SUM(A1:A2)", '"\'@SUM(A1:A2)"'],
    ["\t=1+1", '"\'\t=1+1"'],
    ["\r=1+1", '"\'\r=1+1"'],
  ])("puts ' before a cell starting with a formula trigger: %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  test("leaves the trigger characters alone anywhere but first", () => {
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell("713-555-0147")).toBe('"713-555-0147"');
    expect(csvCell("me@home.test")).toBe('"me@home.test"');
    expect(csvCell(" =1")).toBe('" =1"');
  });

  test("a line feed first is not a trigger (it is only a line break inside quotes)", () => {
    expect(csvCell("\nhello")).toBe('"\nhello"');
  });

  test("keeps accents and other characters as they are", () => {
    expect(csvCell("José Muñoz — baño")).toBe('"José Muñoz — baño"');
  });
});

describe("csvRow and csvDocument", () => {
  test("a row joins its cells with commas and ends with CR LF", () => {
    expect(csvRow(["a", null, "=b", 3])).toBe('"a","","\'=b","3"\r\n');
  });

  test("a document starts with the UTF-8 byte order mark", () => {
    const doc = csvDocument([
      ["id", "name"],
      ["1", "José"],
    ]);
    expect(doc).toBe(`${CSV_BOM}"id","name"\r\n"1","José"\r\n`);
    expect(Buffer.from(doc, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  test("an empty document is just the byte order mark", () => {
    expect(csvDocument([])).toBe(CSV_BOM);
  });
});
