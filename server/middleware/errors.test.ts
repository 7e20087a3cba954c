import { describe, expect, test } from "vitest";
import type { Request, Response } from "express";
import { DatabaseBusyError } from "#app/server/db/busy.server.ts";
import { errorHandler } from "#server/middleware/errors.ts";

/** What the last-resort handler sent for `error` on `path`: status, type and text. */
function answer(path: string, error: unknown): { status: number; type: string; text: string } {
  const sent = { status: 0, type: "", text: "" };
  const res = {
    headersSent: false,
    locals: {},
    status(code: number) {
      sent.status = code;
      return res;
    },
    set() {
      return res;
    },
    type(type: string) {
      sent.type = type;
      return res;
    },
    send(text: string) {
      sent.text = text;
      return res;
    },
  };
  const logger = { error() {}, warn() {} } as unknown as Parameters<typeof errorHandler>[0]["logger"];
  errorHandler({ logger })(error, { path } as Request, res as unknown as Response, () => {});
  return sent;
}

describe("errorHandler", () => {
  test("answers a crash in the language of the address", () => {
    expect(answer("/contact", new Error("boom"))).toEqual({ status: 500, type: "text/plain", text: "Unexpected Application Error!" });
    expect(answer("/es/contacto", new Error("boom"))).toEqual({
      status: 500,
      type: "text/plain",
      text: "¡Error inesperado de la aplicación!",
    });
  });

  test("a busy database is a 503 with the sentence in the address's language", () => {
    expect(answer("/gallery", new DatabaseBusyError(5000))).toMatchObject({
      status: 503,
      text: expect.stringMatching(/^The site is very busy/),
    });
    expect(answer("/es/servicios", new DatabaseBusyError(5000))).toMatchObject({
      status: 503,
      text: expect.stringMatching(/^El sitio está muy ocupado/),
    });
  });

  test("a refused request (4xx) says so in Spanish under /es/", () => {
    expect(answer("/es/", Object.assign(new Error("bad"), { status: 400 }))).toMatchObject({ status: 400, text: "Solicitud no válida." });
    expect(answer("/", Object.assign(new Error("bad"), { status: 400 }))).toMatchObject({ status: 400, text: "Bad request." });
  });
});
