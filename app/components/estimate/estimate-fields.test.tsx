import type { ReactElement } from "react";
import { renderToStaticMarkup as renderMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, test } from "vitest";
import { EstimateFields } from "#app/components/estimate/estimate-fields.tsx";
import { estimateFormLabels, estimateFormLabelsIn } from "#app/content/estimate-labels.ts";

/** The form as the server renders it on `path` (its language is the address's). */
function renderToStaticMarkup(element: ReactElement, path = "/contact"): string {
  return renderMarkup(<MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>);
}

/** Each input's name and autocomplete, as the server renders the form. */
function autocompletes(html: string): Record<string, string | null> {
  return Object.fromEntries(
    [...html.matchAll(/<input\b[^>]*>/g)].flatMap(([tag]) => {
      const name = /\bname="([^"]+)"/.exec(tag)?.[1];
      return name ? [[name, /\bautoComplete="([^"]+)"/i.exec(tag)?.[1] ?? null]] : [];
    }),
  );
}

describe("the estimate form's autofill hints", () => {
  const html = renderToStaticMarkup(<EstimateFields id="estimate" page="/contact" failed={null} uploadMaxMb={30} />);

  test("the one-line street field asks for the first address line (street-address is for a multi-line textarea)", () => {
    const hints = autocompletes(html);
    expect(hints.street_address).toBe("address-line1");
    expect(hints.zip).toBe("postal-code");
    expect(html).not.toMatch(/<input\b[^>]*autoComplete="street-address"/i);
  });
});

/** The form's service choices, the chosen one marked with a `*`. */
const options = (html: string) =>
  [...html.matchAll(/<option value="([^"]*)"( selected="")?/g)].map((m) => (m[2] ? `*${m[1] ?? ""}` : (m[1] ?? "")));

describe("“What do you need?” (ADR 060)", () => {
  test("lists the featured services first and chooses the service the visitor came from", () => {
    const html = renderToStaticMarkup(
      <EstimateFields id="e" page="/contact" failed={null} uploadMaxMb={30} featured={["outdoor", "tile"]} service="tile" />,
    );
    expect(options(html).slice(0, 4)).toEqual(["", "Outdoor Living", "*Ceramic &amp; Porcelain Tiles", "Fences"]);
  });

  test("what a refused post sent wins over the service in the address", () => {
    const failed = { status: "error" as const, message: "Please check the form.", values: { subject: "Fences" }, fieldErrors: {} };
    const html = renderToStaticMarkup(<EstimateFields id="e" page="/contact" failed={failed} uploadMaxMb={30} service="tile" />);
    expect(options(html).filter((option) => option.startsWith("*"))).toEqual(["*Fences"]);
  });
});

describe("the form's labels", () => {
  const html = renderToStaticMarkup(<EstimateFields id="estimate" page="/contact" failed={null} uploadMaxMb={30} />);
  const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

  test("are the words the homeowner's confirmation email repeats (app/content/estimate-labels.ts)", () => {
    for (const label of Object.values(estimateFormLabels)) expect(text).toContain(label);
    expect(text).toContain("What do you need?");
  });

  test("the catalog's English labels are these, and its Spanish ones are what a Spanish page shows", () => {
    expect(estimateFormLabelsIn("en")).toEqual(estimateFormLabels);
    const spanish = renderToStaticMarkup(<EstimateFields id="e" page="/es/contacto" failed={null} uploadMaxMb={30} />, "/es/contacto")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    for (const [field, label] of Object.entries(estimateFormLabelsIn("es"))) {
      // The form says "Mensaje (opcional)" where the copy of the request says "Mensaje".
      expect(spanish, field).toContain(label);
    }
  });
});

describe("the photo field", () => {
  const html = renderToStaticMarkup(<EstimateFields id="estimate" page="/contact" failed={null} uploadMaxMb={30} />);

  test("is a real file input, named by its title and its button, described by the hint, the count and the note", () => {
    const input = /<input[^>]*type="file"[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('name="photos"');
    expect(input).toContain("multiple");
    expect(input).toContain('aria-labelledby="estimate-photos-title estimate-photos-button"');
    expect(input).toContain('aria-describedby="estimate-photos-hint estimate-photos-count estimate-photos-note"');
    expect(html).toMatch(/<label for="estimate-photos" id="estimate-photos-button" class="photo-field__button">.*Add photos<\/label>/);
    expect(html).toMatch(
      /<p class="photo-field__count" id="estimate-photos-count" data-photo-count="" aria-live="polite">No photos chosen yet<\/p>/,
    );
  });

  test("offers every type the server keeps", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif", "image/heic", "image/heif", ".heic"]) {
      expect(html).toMatch(new RegExp(`accept="[^"]*${type.replace(".", "\\.")}`));
    }
  });
});

describe("on a Spanish page (/es/contacto)", () => {
  const html = renderToStaticMarkup(
    <EstimateFields id="e" page="/es/contacto" failed={null} uploadMaxMb={30} featured={["bathroom"]} service="tile" />,
    "/es/contacto",
  );
  const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

  test("every word of the form is Spanish; no English label is left", () => {
    for (const words of [
      "Nombre completo",
      "Correo electrónico",
      "Teléfono",
      "¿Qué necesita?",
      "Mensaje (opcional)",
      "Código postal",
      "Dirección",
      "¿Cómo le contactamos?",
      "Mensaje de texto",
      "Mejor horario para contactarle",
      "Fotos del trabajo",
      "Agregar fotos",
      "Todavía no ha elegido fotos",
      "Enviar solicitud",
      "Los campos con",
      "Hasta 6 fotos",
    ]) {
      expect(text).toContain(words);
    }
    for (const label of Object.values(estimateFormLabels)) expect(text).not.toContain(label);
    expect(html).toContain('placeholder="Entre semana después de las 5 pm"');
  });

  test("“What do you need?” shows Spanish names but posts the English one the contractor reads", () => {
    expect(html).toContain('<option value="">Elija un servicio</option>');
    expect(html).toContain('<option value="Bathroom Remodeling">Remodelación de baños</option>');
    expect(html).toMatch(/<option value="Ceramic &amp; Porcelain Tiles" selected="">[^<]+<\/option>/);
    expect(html).toMatch(/<option value="Something else">Otra cosa<\/option>/);
  });

  test("posts to the Spanish page", () => {
    expect(html).toContain('action="/es/contacto"');
  });

  test("shows a refused post's Spanish words next to its fields", () => {
    const failed = {
      status: "error" as const,
      message: "Revise los campos marcados y envíe el formulario otra vez.",
      fieldErrors: { from_name: "Escriba su nombre completo." },
      values: { from_name: "" },
    };
    const refused = renderToStaticMarkup(<EstimateFields id="e" page="/es/contacto" failed={failed} uploadMaxMb={30} />, "/es/contacto");
    expect(refused).toMatch(/<p class="field__error" id="[^"]+-error">Escriba su nombre completo.<\/p>/);
  });
});
