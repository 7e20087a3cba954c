import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { en, es } from "#app/i18n/catalog/index.ts";
import { languageTags } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";

type Node = { type: number; value?: unknown; options?: Record<string, { value: Node[] }>; children?: Node[] };

/** The names of a message's arguments ({name}, {count, plural, …}), nested ones included. */
function argumentNames(message: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      // 0 is plain text and 7 a plural's "#"; every other node names its argument in `value`.
      if (node.type !== 0 && node.type !== 7 && typeof node.value === "string") names.add(node.value);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
      if (node.children) walk(node.children);
    }
  };
  walk(new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst() as Node[]);
  return [...names].toSorted();
}

describe("the catalogs", () => {
  it("have the same keys in English and Spanish", () => {
    expect(Object.keys(es).toSorted()).toEqual(Object.keys(en).toSorted());
  });

  it.each(Object.keys(en) as (keyof typeof en)[])("%s: valid ICU in both languages, the same arguments, never empty", (key) => {
    expect(en[key].trim()).not.toBe("");
    expect(es[key].trim()).not.toBe("");
    expect(argumentNames(es[key], languageTags.es)).toEqual(argumentNames(en[key], languageTags.en));
  });

  it("a Spanish sentence is not the English one left as it was (but for names that stay the same)", () => {
    const same = (Object.keys(en) as (keyof typeof en)[]).filter((key) => en[key] === es[key] && /[a-z]{3,} [a-z]{3,}/i.test(en[key]));
    expect(same).toEqual([]);
  });
});

describe("translate", () => {
  it("puts values in, in the page's language", () => {
    expect(translate("en", "site.footer.serving", { city: "Houston" })).toBe("Serving Houston and the surrounding area.");
    expect(translate("es", "site.footer.serving", { city: "Houston" })).toBe("Trabajamos en Houston y sus alrededores.");
  });
});
