/**
 * A page holding only before/after pairs (app/components/before-after.tsx), for the browser test
 * of the component before any app page shows one (tests/e2e/before-after.spec.ts). Rendered as
 * the server renders a public page: the site's stylesheet inlined and the pair's inline script,
 * both carrying the response's nonce. Built by Vite in the test (TSX, `~/` paths, `?inline` CSS).
 */
import { renderToStaticMarkup } from "react-dom/server";
import appCss from "#app/styles/app.css?inline";
import { BeforeAfter, type BeforeAfterProps } from "#app/components/before-after.tsx";
import { NonceContext } from "#app/nonce.tsx";

export function renderBeforeAfterPage({ nonce, pairs }: { nonce: string; pairs: BeforeAfterProps[] }): string {
  const body = renderToStaticMarkup(
    <NonceContext.Provider value={nonce}>
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Before and after</title>
          <style nonce={nonce} dangerouslySetInnerHTML={{ __html: appCss }} />
        </head>
        <body>
          <main id="main">
            <section className="page-section" aria-labelledby="page-title">
              <h1 id="page-title">Before and after</h1>
              <p>Slide to compare each room as we found it and as we left it.</p>
              {pairs.map((pair, i) => (
                <BeforeAfter key={i} {...pair} />
              ))}
              <p>More text below the pairs, so the page scrolls on a phone.</p>
            </section>
          </main>
        </body>
      </html>
    </NonceContext.Provider>,
  );
  return `<!DOCTYPE html>${body}`;
}
