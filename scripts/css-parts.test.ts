import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { splitCssParts } from "#scripts/css-parts.ts";
import { STYLE_GROUPS, cssOf, lateStyleGroupsOf, styleGroupsOf, stylesIf } from "#app/styles/groups.ts";

const appCss = readFileSync(path.resolve(import.meta.dirname, "../app/styles/app.css"), "utf8");

describe("the stylesheet's parts (ADR 065)", () => {
  it("split the file without losing or reordering a line but the markers", () => {
    const parts = splitCssParts(appCss);
    const kept = appCss.split("\n").filter((line) => !/^\/\* @part [a-z-]+ \*\/$/.test(line.trim()));
    expect(parts.map((part) => part.css).join("\n")).toBe(kept.join("\n"));
  });

  it("name only the known groups, each at least once, the base first", () => {
    const groups = splitCssParts(appCss).map((part) => part.group);
    expect(groups[0]).toBe("base");
    expect(new Set(groups)).toEqual(new Set(STYLE_GROUPS));
  });

  it("refuse rules before the first marker", () => {
    expect(() => splitCssParts(".a{}\n/* @part base */\n.b{}")).toThrow(/line 1 comes before/);
    expect(splitCssParts("\n/* @part base */\n.b{}\n/* @part home */\n.c{}")).toEqual([
      { group: "base", css: ".b{}" },
      { group: "home", css: ".c{}" },
    ]);
  });
});

describe("a page's groups", () => {
  it("are the base and what its routes name, from their data when a route asks it", () => {
    const matches: { handle?: unknown; loaderData?: unknown }[] = [
      { handle: { pageCache: true } },
      {
        handle: { styles: (data: unknown) => ["home", ...stylesIf((data as { photos: unknown[] }).photos, "gallery")] },
        loaderData: { photos: [] },
      },
    ];
    expect(styleGroupsOf(matches)).toEqual(new Set(["base", "frame-late", "home"]));
    matches[1]!.loaderData = { photos: [1] };
    expect(styleGroupsOf(matches)).toEqual(new Set(["base", "frame-late", "home", "gallery"]));
    expect(() => styleGroupsOf([{ handle: { styles: ["gallerie"] } }])).toThrow(/unknown style group gallerie/);
  });

  it("leave out of the inline CSS what a route sends late, the frame's included", () => {
    const matches = [
      {
        handle: {
          styles: (data: unknown) => ["home", "cards", ...stylesIf((data as { photos: unknown[] }).photos, "gallery")],
          lateStyles: (data: unknown) => ["cards", "frame-late", ...stylesIf((data as { photos: unknown[] }).photos, "gallery")],
        },
        loaderData: { photos: [1] },
      },
    ];
    expect(styleGroupsOf(matches)).toEqual(new Set(["base", "home"]));
    expect(lateStyleGroupsOf(matches)).toEqual(new Set(["cards", "frame-late", "gallery"]));
    expect(lateStyleGroupsOf([{ handle: { styles: ["home"] } }])).toEqual(new Set());
    expect(() => lateStyleGroupsOf([{ handle: { lateStyles: ["cardz"] } }])).toThrow(/unknown style group cardz/);
  });

  it("keep the file's order whatever order a route names them in", () => {
    const parts = [
      ["base", "a{}"],
      ["home", "b{}"],
      ["gallery", "c{}"],
      ["home", "d{}"],
    ] as const;
    expect(cssOf(parts, new Set(["gallery", "home", "base"]))).toBe("a{}b{}c{}d{}");
    expect(cssOf(parts, new Set(["base", "home"]))).toBe("a{}b{}d{}");
    expect(cssOf(parts, "all")).toBe("a{}b{}c{}d{}");
  });
});
