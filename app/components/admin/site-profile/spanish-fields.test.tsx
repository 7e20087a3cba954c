import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { SpanishFields } from "#app/components/admin/site-profile/spanish-fields.tsx";
import { spanishProfileKeys } from "#app/schemas/site-spanish.ts";
import { spanishProfileHref } from "#app/server/site/checklist-spanish.server.ts";

const field = (name: string) => ({ name, defaultValue: "", error: undefined, className: "site-field" });

describe("the profile's Spanish fields (ADR 064)", () => {
  test("the fieldset and each line have the ids the go-live checklist links to, around their own field", () => {
    const html = renderToStaticMarkup(<SpanishFields field={field} />);
    expect(html).toContain('<fieldset class="site-fieldset" id="profile-spanish">');
    for (const key of spanishProfileKeys) {
      const anchor = spanishProfileHref(key).split("#")[1]!;
      // The element with that id holds the field of that line.
      const wrapper = new RegExp(
        `<div id="${anchor}" class="site-spanish-line"><div class="field site-field"><label for="[^"]*-${anchor.replaceAll("-", "_")}"`,
      );
      expect(html, key).toMatch(wrapper);
    }
  });
});
