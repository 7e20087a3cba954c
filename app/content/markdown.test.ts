import { describe, expect, test } from "vitest";
import { joinSections, parseInline, parseLines, parseMarkdown, parseSections, plainText } from "#app/content/markdown.ts";

describe("parseMarkdown", () => {
  test("paragraphs split on blank lines; single line breaks join", () => {
    expect(parseMarkdown("One\ntwo\n\nThree")).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "One two" }] },
      { type: "paragraph", children: [{ type: "text", text: "Three" }] },
    ]);
  });

  test("bullet and numbered lists, with a continued item", () => {
    expect(parseMarkdown("Intro\n- tile\n- stone\n  and grout\n\n1. measure\n2. quote")).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "Intro" }] },
      {
        type: "list",
        ordered: false,
        items: [[{ type: "text", text: "tile" }], [{ type: "text", text: "stone and grout" }]],
      },
      { type: "list", ordered: true, items: [[{ type: "text", text: "measure" }], [{ type: "text", text: "quote" }]] },
    ]);
  });

  test("HTML stays text: nothing is ever markup", () => {
    expect(parseMarkdown("<script>alert(1)</script>")).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "<script>alert(1)</script>" }] },
    ]);
  });
});

describe("parseInline", () => {
  test("bold, italic and links, nested", () => {
    expect(parseInline("**Free** *written* [quote](/contact) on _every_ job")).toEqual([
      { type: "strong", children: [{ type: "text", text: "Free" }] },
      { type: "text", text: " " },
      { type: "em", children: [{ type: "text", text: "written" }] },
      { type: "text", text: " " },
      { type: "link", href: "/contact", children: [{ type: "text", text: "quote" }] },
      { type: "text", text: " on " },
      { type: "em", children: [{ type: "text", text: "every" }] },
      { type: "text", text: " job" },
    ]);
  });

  test("an unsafe link keeps its words and loses its target", () => {
    expect(parseInline("[click](javascript:alert(1))")).toEqual([
      { type: "text", text: "click" },
      { type: "text", text: ")" },
    ]);
    expect(parseInline("[x](//evil.example)")).toEqual([{ type: "text", text: "x" }]);
    expect(parseInline("[call](tel:+17135550147)")[0]).toMatchObject({ type: "link", href: "tel:+17135550147" });
  });

  test("unclosed markers and snake_case words stay as typed", () => {
    expect(parseInline("5 * 3 = 15 and my_file_name")).toEqual([{ type: "text", text: "5 * 3 = 15 and my_file_name" }]);
    expect(parseInline("**not closed")).toEqual([{ type: "text", text: "**not closed" }]);
  });
});

describe("sections, lines and plain text", () => {
  test("## titles start sections; the text before the first title becomes a title", () => {
    const source = "## Free?\nYes, always.\n\n## Permits?\nWe pull them.";
    expect(parseSections(source)).toEqual([
      { title: "Free?", body: "Yes, always." },
      { title: "Permits?", body: "We pull them." },
    ]);
    expect(parseSections(joinSections(parseSections(source)))).toEqual(parseSections(source));
    expect(parseSections("Just a line")).toEqual([{ title: "Just a line", body: "" }]);
  });

  test("lists one per line, bullets allowed", () => {
    expect(parseLines("- Quartz\nGranite\n\n  * Marble  ")).toEqual(["Quartz", "Granite", "Marble"]);
  });

  test("plain text drops the markers", () => {
    expect(plainText("**Free** estimates.\n\n- a\n- [b](/b)")).toBe("Free estimates. a; b");
  });
});
