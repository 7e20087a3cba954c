import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { EstimateCallToAction } from "#app/components/estimate-cta.tsx";

/** The section on `path`, with the site's fallback profile (no root loader). */
function render(path: string): string {
  const Stub = createRoutesStub([{ path, Component: () => <EstimateCallToAction service="kitchen" /> }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

describe("the buttons to the estimate form", () => {
  test("on a Spanish page: Spanish words, and the Spanish contact page with the service chosen", () => {
    const html = render("/es/cocinas");
    expect(html).toContain('href="/es/contacto?service=kitchen"');
    expect(html).toContain("Solicite un estimado gratis");
    expect(html).toContain("¿Listo para su estimado gratis?");
    expect(html).toMatch(/Llame al /);
  });

  test("on an English page: today's words and address", () => {
    const html = render("/kitchen");
    expect(html).toContain('href="/contact?service=kitchen"');
    expect(html).toContain("Request a free estimate");
    expect(html).toContain("Ready for a free estimate?");
  });
});
