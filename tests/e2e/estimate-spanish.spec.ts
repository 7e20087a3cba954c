/**
 * The estimate form on /es/contacto, on a 375 px phone and at 1280 px: every word Spanish, the
 * browser's own checks speak Spanish (an empty form stops at the first field with its Spanish
 * sentence), a text file named like a photo is refused in Spanish as it is picked, the count
 * beside "Agregar fotos" counts in Spanish, a server-side refusal comes back in Spanish next to
 * its field, and axe finds nothing with the errors shown.
 */
import type { Page } from "@playwright/test";
import { resolve } from "node:path";
import { expect, expectNoAxeViolations, test, waitForEstimateScript } from "#tests/e2e/helpers.ts";

const JPEG = resolve(import.meta.dirname, "../fixtures/images/exif-orientation6-gps.jpg");
const RENAMED_TEXT = { name: "foto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Cocina: 12 x 14 pies, piso de azulejo.\n") };
const NOT_A_PHOTO = "No se agregó “foto.jpg”: no es una foto que podamos leer. Envíe una foto JPEG, PNG, WebP, AVIF, GIF o HEIC (iPhone).";

function form(page: Page) {
  const root = page.locator("form.estimate-form");
  return {
    root,
    name: root.getByLabel("Nombre completo"),
    email: root.getByRole("textbox", { name: "Correo electrónico", exact: true }),
    phone: root.getByRole("textbox", { name: "Teléfono", exact: true }),
    need: root.getByLabel("¿Qué necesita?"),
    photos: root.getByLabel("Fotos del trabajo"),
    count: root.locator("[data-photo-count]"),
    note: root.locator("[data-photo-note]"),
    submit: root.getByRole("button", { name: /Enviar solicitud|Enviando/ }),
  };
}

async function open(page: Page): Promise<void> {
  expect((await page.goto("/es/contacto"))?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", /^es/);
  await waitForEstimateScript(page);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`/es/contacto at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("an empty form stops at the first field with the Spanish sentence; a malformed phone too; axe clean", async ({ page }) => {
      await open(page);
      const f = form(page);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await expect(f.submit).toHaveText("Enviar solicitud");
      await f.submit.click();
      await expect(f.name).toBeFocused();
      expect(await f.name.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe("Escriba su nombre completo.");
      // Each required field has its own sentence when it is reached.
      await f.name.fill("Ana Pérez");
      await f.submit.click();
      await expect(f.email).toBeFocused();
      expect(await f.email.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe("Escriba su correo electrónico.");
      await f.email.fill("ana@example.com");
      await f.phone.fill("555-0147");
      await f.submit.click();
      await expect(f.phone).toBeFocused();
      expect(await f.phone.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(
        "Escriba un número de teléfono con código de área (por lo menos 10 dígitos).",
      );
      // Corrected, the field is valid again (the sentence does not stick).
      await f.phone.fill("(713) 555-0147");
      expect(await f.phone.evaluate((el: HTMLInputElement) => el.checkValidity())).toBe(true);
      await f.submit.click();
      await expect(f.need).toBeFocused();
      expect(await f.need.evaluate((el: HTMLSelectElement) => el.validationMessage)).toBe("Elija qué necesita.");
      expect(posts, "nothing sent").toEqual([]);
      await expectNoAxeViolations(page, `/es/contacto at ${viewport.width} px, a field refused by the browser`);
    });

    test("a server-side refusal comes back in Spanish next to its field, with focus there; axe clean", async ({ page, consoleErrors }) => {
      await open(page);
      const f = form(page);
      await f.name.fill("Ana Pérez");
      // The browser takes "ana@ejemplo" as an address; the server asks for a domain with a dot.
      await f.email.fill("ana@ejemplo");
      await f.phone.fill("(713) 555-0147");
      await f.need.selectOption({ label: "Remodelación de baños" });
      await page.waitForTimeout(1200);
      await f.submit.click();
      const error = f.root.locator(".field__error");
      await expect(error).toHaveText("Escriba un correo electrónico válido, como nombre@ejemplo.com.");
      await expect(f.email).toBeFocused();
      await expect(f.email).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("toast")).toContainText("Revise los campos marcados y envíe el formulario otra vez.");
      await expect(f.email).toHaveValue("ana@ejemplo");
      await expectNoAxeViolations(page, `/es/contacto at ${viewport.width} px with a server-side error`);
      // The browser's own note of the 400 it was meant to get.
      const badRequest = /^console\.error: Failed to load resource: the server responded with a status of 400 .*estimate-request/;
      expect(consoleErrors.filter((e) => badRequest.test(e))).toHaveLength(1);
      consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !badRequest.test(e)));
    });

    test("a text file named like a photo is refused in Spanish as it is picked; the count is Spanish", async ({ page }) => {
      await open(page);
      const f = form(page);
      await expect(f.count).toHaveText("Todavía no ha elegido fotos");
      await f.photos.setInputFiles(JPEG);
      await expect(f.count).toHaveText("1 foto elegida de 6");
      await f.photos.setInputFiles(RENAMED_TEXT);
      await expect(f.note).toHaveText(NOT_A_PHOTO);
      await expect(f.count).toHaveText("1 foto elegida de 6");
      await expect(f.root.getByRole("list", { name: "Fotos elegidas" }).getByRole("button", { name: /^Quitar/ })).toHaveCount(1);
      await expectNoAxeViolations(page, `/es/contacto at ${viewport.width} px with a refused file`);
    });
  });
}
