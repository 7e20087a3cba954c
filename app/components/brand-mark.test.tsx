import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { BrandMark } from "#app/components/brand-mark.tsx";

/** The drawing's shapes, each as its tag and sorted attributes, from SVG markup. */
function shapes(svg: string): string[] {
  return [...svg.matchAll(/<(rect|path)\s([^>]*?)\/?>/g)].map(([, tag, attributes]) => {
    const pairs = [...attributes!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => `${name}=${value}`);
    return `${tag} ${pairs.toSorted().join(" ")}`;
  });
}

describe("BrandMark", () => {
  const html = renderToStaticMarkup(<BrandMark className="brand__logo" />);

  it("draws exactly the logo file's shapes (public/images/logo.svg), so the two never drift apart", () => {
    const file = readFileSync(new URL("../../public/images/logo.svg", import.meta.url), "utf8");
    expect(shapes(html)).toEqual(shapes(file));
    expect(shapes(html)).toHaveLength(5);
    expect(html).toContain('viewBox="0 0 48 48"');
  });

  it("is decoration beside the business's name: hidden from screen readers, out of the tab order", () => {
    expect(html).toMatch(/^<svg class="brand__logo" width="40" height="40"/);
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('focusable="false"');
  });
});
