import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { tagged } from "#app/components/tagged-text.tsx";
import { legal as enLegal } from "#app/i18n/catalog/en/legal.ts";
import { errors as enErrors } from "#app/i18n/catalog/en/errors.ts";
import { catalogs, translate, type MessageKey } from "#app/i18n/messages.ts";
import { formatUpdated } from "#app/components/legal-page.tsx";

const render = (text: string) =>
  renderToStaticMarkup(
    <>
      {tagged(text, {
        phone: (chunk) => <a href="tel:+17135550147">{chunk}</a>,
        strong: (chunk) => <strong>{chunk}</strong>,
      })}
    </>,
  );

describe("tagged", () => {
  it("turns each tag into its element, in the order the sentence puts them", () => {
    expect(render("<strong>Cuentas.</strong> Llámenos al <phone>(713) 555-0147</phone>.")).toBe(
      '<strong>Cuentas.</strong> Llámenos al <a href="tel:+17135550147">(713) 555-0147</a>.',
    );
  });

  it("shows a tag it has no renderer for as its words, and escapes the rest as text", () => {
    expect(render("a <unknown>b</unknown> <c & d>")).toBe("a b &lt;c &amp; d&gt;");
  });
});

const tagsOf = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).toSorted();

describe("the policies' and error pages' sentences", () => {
  const keys = [...Object.keys(enLegal), ...Object.keys(enErrors)] as MessageKey[];
  const values = {
    name: "Bayou & Co",
    location: "Houston TX",
    city: "Houston",
    phone: "(713) 555-0147",
    email: "a@b.test",
    status: 404,
    date: "x",
    named: "yes",
    kind: "percent",
    nullOrigin: "no",
    origin: "http://evil.test",
    declared: "yes",
    expected: "https://www.remodel.test",
    method: "PUT",
    allow: "GET, HEAD",
  };

  it.each(["en", "es"] as const)("come out whole in %s: no ICU quote eaten, no brace or placeholder left", (locale) => {
    for (const key of keys) {
      const text = translate(locale, key, values);
      expect(text, key).not.toMatch(/[{}]/);
      // ICU reads a straight apostrophe before { } # | or ' as the start of a quotation, which would swallow text.
      expect(catalogs[locale][key], key).not.toMatch(/'[{}#|']/);
      expect(text.replaceAll("''", "'"), key).toBe(text);
    }
    expect(translate("en", "errors.notFound.heading")).toBe("We couldn't find that page");
    expect(translate(locale, "legal.terms.intro", values)).toContain("Bayou & Co");
  });

  it("keep every tag of the English sentence in the Spanish one", () => {
    for (const key of keys) expect(tagsOf(translate("es", key, values)), key).toEqual(tagsOf(translate("en", key, values)));
  });

  it("date the policies for the page's language", () => {
    expect(formatUpdated("en", "2026-11-22")).toBe("November 22, 2026");
    expect(formatUpdated("es", "2026-11-22")).toBe("22 de noviembre de 2026");
  });
});
