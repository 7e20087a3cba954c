import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import { translate } from "#app/i18n/messages.ts";

/** The error page as a visitor at `path` gets it. */
function render(path: string, props: Parameters<typeof ErrorPage>[0]): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => <ErrorPage {...props} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

describe("ErrorPage", () => {
  it("a 404 under /es/ is in Spanish and links to Spanish pages", () => {
    const html = render("/es/no-existe", { status: 404 });
    expect(html).toContain("No encontramos esa página");
    expect(html).toContain('href="/es/servicios"');
    expect(html).not.toContain('href="/services"');
  });

  it("the busy site's sentence is said in the page's language", () => {
    const busy = translate("en", "errors.busy");
    expect(render("/es/servicios", { status: 503, message: busy })).toContain("El sitio está muy ocupado");
    expect(render("/services", { status: 503, message: busy })).toContain("The site is very busy");
  });

  it("a crash under /es/ is in Spanish", () => {
    const html = render("/es/", { status: 500 });
    expect(html).toContain("¡Error inesperado de la aplicación!");
    expect(html).toContain("Ir a la página de inicio");
  });
});
