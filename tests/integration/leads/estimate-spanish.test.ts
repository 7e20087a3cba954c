/**
 * The estimate form in Spanish without JavaScript, against the real built server: a plain post to
 * /es/contacto (or /es/) is answered in Spanish (the refusals next to their fields, what was typed
 * kept, the confirmation panel), the same post to /contact stays English, and the lead's source
 * is the Spanish page (its language is read from it). The script's JSON route answers in the
 * page's language it is told.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { get, request, startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import { LEAD_ENV, SITE_URL, SUCCESS, encodeForm, fetchUniqueFormToken, marker, submitLead, validFields } from "#tests/support/leads.ts";
import { leadsMarked, openSiteDb } from "#tests/support/site-db.ts";
import { multipartBody } from "#tests/support/job-photos.ts";

let site: ServerProcess;
let db: BetterSqlite3.Database;

beforeAll(async () => {
  site = await startServer({ env: LEAD_ENV });
  db = openSiteDb(site.dataDir);
});

afterAll(async () => {
  db?.close();
  await stopAllServers();
});

/** The page's text without its tags. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

/** An input's value attribute in the page. */
const valueOf = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

describe("the page /es/contacto", () => {
  test("its own words, its meta and its contact block in Spanish, the hours too", async () => {
    const res = await get(`${site.url}/es/contacto`);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<html[^>]*lang="es"/);
    expect(res.text).toMatch(/<title>Contáctenos para un estimado gratis \|/);
    expect(res.text).toMatch(
      /<meta name="description" content="Llame al [^"]+ o envíe el formulario para recibir un estimado gratis de remodelación en /,
    );
    const text = textOf(res.text);
    for (const words of [
      "Contáctenos",
      "Estimados gratis para casas y negocios en",
      "Llene el formulario o contáctenos por los medios que aparecen abajo",
      "Llame, escriba o visítenos",
      "Horario",
      "¿Qué necesita?",
      "Enviar solicitud",
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain("Call, write or visit");
    expect(text).not.toContain("Fill the form");
    // The hours from the profile's times, in Spanish words (ADR 064).
    expect(text).toMatch(/Horario lun–(vie|sáb), \d+ a\.m\. – \d+ p\.m\./);
    expect(text).not.toMatch(/Mon–Fri/);
    // The script posts from the Spanish page and carries its Spanish sentences.
    expect(res.text).toContain("/estimate-request?from=%2Fes%2Fcontacto");
    expect(res.text).toContain('"sending":"Enviando…"');
  });

  test("/contact keeps its English words and hours, with no lang mark", async () => {
    const res = await get(`${site.url}/contact`);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<title>Contact us for a Free Estimate \|/);
    expect(textOf(res.text)).toContain("Call, write or visit");
    expect(res.text).not.toContain('<span lang="en">');
    expect(res.text).toContain('"sending":"Sending…"');
  });
});

describe("a plain post to /es/contacto", () => {
  test("bad input: 400, Spanish words next to each field and in the summary, lang=es, what was typed kept", async () => {
    const mark = marker("es-bad");
    const res = await submitLead(site, validFields(mark, { from_name: "", email: "ana@", phone: "555-0147", zip: "7700" }), {
      page: "/es/contacto",
    });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/<html[^>]*lang="es-US"|<html[^>]*lang="es"/);
    const text = textOf(res.text);
    expect(text).toContain("Revise los campos marcados y envíe el formulario otra vez.");
    expect(text).toContain("Escriba su nombre completo.");
    expect(text).toContain("Escriba un correo electrónico válido, como nombre@ejemplo.com.");
    expect(text).toContain("Escriba un número de teléfono con código de área (por lo menos 10 dígitos).");
    expect(text).toContain("Escriba un código postal de 5 dígitos, como 77008, o déjelo vacío.");
    expect(text).not.toContain("Please check the highlighted fields");
    expect(text).not.toContain("Please enter");
    expect(valueOf(res.text, "email")).toBe("ana@");
    expect(valueOf(res.text, "zip")).toBe("7700");
    expect(res.text).toContain('action="/es/contacto"');
    expect(leadsMarked(db, mark)).toHaveLength(0);
  });

  test("good input: 200, the Spanish confirmation, the Spanish next steps; the lead's source is /es/contacto", async () => {
    const mark = marker("es-ok");
    const res = await submitLead(site, validFields(mark, { contact_method: "text" }), { page: "/es/contacto" });
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect(text).toContain("Su solicitud fue enviada");
    expect(text).toContain("Recibimos su solicitud");
    expect(text).toContain("Su número de referencia:");
    expect(text).toContain("Le enviamos un mensaje de texto al (713) 555-0147 para acordar un horario.");
    expect(text).toContain("Usted recibe una cotización por escrito, gratis y sin compromiso.");
    expect(text).toContain("Enviar otra solicitud");
    expect(text).not.toContain(SUCCESS);
    expect(res.text).toMatch(/<a class="button button--secondary" href="\/es\/contacto">/);
    const [lead] = leadsMarked(db, mark);
    expect(lead?.source).toBe("/es/contacto");
  });

  test("a plain post to the Spanish home page is answered in Spanish and stored with /es/ as its source", async () => {
    const mark = marker("es-home");
    const bad = await submitLead(site, validFields(mark, { phone: "" }), { page: "/es/" });
    expect(bad.status).toBe(400);
    expect(textOf(bad.text)).toContain("Escriba su número de teléfono.");
    const good = await submitLead(site, validFields(mark), { page: "/es/" });
    expect(good.status).toBe(200);
    expect(textOf(good.text)).toContain("Recibimos su solicitud");
    expect(leadsMarked(db, mark).map((lead) => lead.source)).toEqual(["/es/"]);
  });
});

describe("the same posts to /contact stay English", () => {
  test("bad input: 400 with today's English words", async () => {
    const res = await submitLead(site, validFields(marker("en-bad"), { from_name: "", zip: "7700" }), { page: "/contact" });
    expect(res.status).toBe(400);
    const text = textOf(res.text);
    expect(text).toContain("Please check the highlighted fields and send the form again.");
    expect(text).toContain("Please enter your full name.");
    expect(text).toContain("Please enter a 5-digit ZIP code, like 77008, or leave it empty.");
    expect(text).not.toContain("Escriba");
  });

  test("good input: the English confirmation, source /contact", async () => {
    const mark = marker("en-ok");
    const res = await submitLead(site, validFields(mark), { page: "/contact" });
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect(text).toContain(SUCCESS);
    expect(text).toContain("We received your request");
    expect(text).toContain("We call or text you to set a time.");
    expect(leadsMarked(db, mark)[0]?.source).toBe("/contact");
  });
});

/** A post of the form script, to the JSON route, from `from` (urlencoded, or multipart as given). */
async function postJson(from: string, fields: Record<string, string>, multipart?: { body: Buffer; contentType: string }) {
  const body = multipart?.body ?? encodeForm({ ...fields, form_token: await fetchUniqueFormToken(site) });
  return request(`${site.url}/estimate-request?from=${encodeURIComponent(from)}`, {
    method: "POST",
    headers: {
      host: new URL(SITE_URL).host,
      origin: SITE_URL,
      accept: "application/json",
      "content-type": multipart?.contentType ?? "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
    },
    body,
  });
}

describe("the script's JSON route (/estimate-request?from=)", () => {
  test("from /es/contacto: field errors in Spanish (400), success in Spanish with the Spanish steps", async () => {
    const mark = marker("es-json");
    const bad = await postJson("/es/contacto", validFields(mark, { email: "" }));
    expect(bad.status).toBe(400);
    const refused = JSON.parse(bad.text) as { message: string; fieldErrors: Record<string, string> };
    expect(refused.message).toBe("Revise los campos marcados y envíe el formulario otra vez.");
    expect(refused.fieldErrors).toEqual({ email: "Escriba su correo electrónico." });
    const good = await postJson("/es/contacto", validFields(mark));
    expect(good.status).toBe(200);
    const done = JSON.parse(good.text) as { message: string; nextSteps: string[] };
    expect(done.message).toBe("Su solicitud fue enviada");
    expect(done.nextSteps[1]).toBe("Vamos a su casa a medir y a hablar de las opciones.");
    expect(leadsMarked(db, mark)[0]?.source).toBe("/es/contacto");
  });

  test("from /es/contacto with photos: a file that is no photo is refused with its reason in Spanish", async () => {
    const mark = marker("es-photos");
    const jpeg = readFileSync(path.resolve(import.meta.dirname, "../../fixtures/images/exif-orientation6-gps.jpg"));
    const multipart = multipartBody({ ...validFields(mark), form_token: await fetchUniqueFormToken(site) }, [
      { filename: "cocina.jpg", data: jpeg },
      { filename: "planos.jpg", data: Buffer.from("%PDF-1.7\n% no es una foto\n") },
    ]);
    const res = await postJson("/es/contacto", {}, multipart);
    expect(res.status, res.text).toBe(200);
    const answer = JSON.parse(res.text) as { photos: { stored: number; refused: { name: string; reason: string }[] } };
    expect(answer.photos).toEqual({
      stored: 1,
      refused: [
        {
          name: "planos.jpg",
          reason: "No guardamos “planos.jpg”: no es una foto que podamos leer. Envíe una foto JPEG, PNG, WebP, AVIF, GIF o HEIC (iPhone).",
        },
      ],
    });
  });

  test("an unknown page is refused (400) in the language its address names", async () => {
    const res = await postJson("/es/otra", validFields(marker("es-none")));
    expect(res.status).toBe(400);
    expect((JSON.parse(res.text) as { message: string }).message).toMatch(/^Envíe el formulario de estimado desde su página/);
  });
});
