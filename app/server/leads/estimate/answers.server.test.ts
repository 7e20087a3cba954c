import { describe, expect, it } from "vitest";
import { estimateLimits, fieldRefusalCodes, parseEstimateRequest, type EstimateField } from "#app/schemas/estimate.ts";
import { estimateRefusals, fieldErrorWords } from "#app/server/leads/estimate/answers.server.ts";
import { requestTooLargeMessage } from "#app/server/leads/job-photos/rules.server.ts";

const valid = { from_name: "Ana Pérez", email: "ana@example.com", phone: "(713) 555-0147", subject: "Fences", message: "" };

/** One post refused for each code the schema gives, and the field it lands on. */
const refusedPosts: [EstimateField, Record<string, string>, (typeof fieldRefusalCodes)[number]][] = [
  ["from_name", { from_name: "" }, "required"],
  ["email", { email: "" }, "required"],
  ["phone", { phone: "" }, "required"],
  ["subject", { subject: "" }, "required"],
  ["from_name", { from_name: "x".repeat(estimateLimits.from_name.max + 1) }, "tooLong"],
  ["email", { email: `${"x".repeat(250)}@example.com` }, "tooLong"],
  ["phone", { phone: "7".repeat(31) }, "tooLong"],
  ["message", { message: "x".repeat(estimateLimits.message.max + 1) }, "tooLong"],
  ["street_address", { street_address: "x".repeat(201) }, "tooLong"],
  ["best_time", { best_time: "x".repeat(101) }, "tooLong"],
  ["email", { email: "ana@" }, "email"],
  ["phone", { phone: "713 555 0147 ext 2" }, "phoneCharacters"],
  ["phone", { phone: "555-0147" }, "phoneDigits"],
  ["zip", { zip: "7700" }, "zip"],
  ["contact_method", { contact_method: "fax" }, "contactMethod"],
];

/** Each refusal's words, as today's English and the Spanish a Houston homeowner reads. */
const expected: Record<string, { en: string; es: string }> = {
  "from_name:required": { en: "Please enter your full name.", es: "Escriba su nombre completo." },
  "email:required": { en: "Please enter your email address.", es: "Escriba su correo electrónico." },
  "phone:required": { en: "Please enter your phone number.", es: "Escriba su número de teléfono." },
  "subject:required": { en: "Please enter a subject.", es: "Elija qué necesita." },
  "from_name:tooLong": {
    en: "Please keep your full name under 100 characters.",
    es: "Su nombre completo debe tener menos de 100 caracteres.",
  },
  "email:tooLong": { en: "That email address is too long.", es: "Ese correo electrónico es demasiado largo." },
  "phone:tooLong": { en: "That phone number is too long.", es: "Ese número de teléfono es demasiado largo." },
  "message:tooLong": { en: "Please keep the message under 5000 characters.", es: "El mensaje debe tener menos de 5000 caracteres." },
  "street_address:tooLong": {
    en: "Please keep the street address under 200 characters.",
    es: "La dirección debe tener menos de 200 caracteres.",
  },
  "best_time:tooLong": {
    en: "Please keep the best time under 100 characters.",
    es: "El mejor horario debe tener menos de 100 caracteres.",
  },
  "email:email": {
    en: "Please enter a valid email address, like name@example.com.",
    es: "Escriba un correo electrónico válido, como nombre@ejemplo.com.",
  },
  "phone:phoneCharacters": {
    en: "Please use only digits, spaces, ( ) . - and +, like (713) 555-0147.",
    es: "Use solo números, espacios, ( ) . - y +, como (713) 555-0147.",
  },
  "phone:phoneDigits": {
    en: "Please enter a phone number with area code (at least 10 digits).",
    es: "Escriba un número de teléfono con código de área (por lo menos 10 dígitos).",
  },
  "zip:zip": {
    en: "Please enter a 5-digit ZIP code, like 77008, or leave it empty.",
    es: "Escriba un código postal de 5 dígitos, como 77008, o déjelo vacío.",
  },
  "contact_method:contactMethod": {
    en: "Please choose a call, a text or an email.",
    es: "Elija una llamada, un mensaje de texto o un correo electrónico.",
  },
};

describe("a refused field: a code from the schema, words at the edge", () => {
  it.each(refusedPosts)("%s %j → %s", (field, patch, code) => {
    const result = parseEstimateRequest({ ...valid, ...patch });
    if (result.success) throw new Error("accepted");
    expect(result.errors[field]).toMatchObject({ code, field });
    const words = expected[`${field}:${code}`]!;
    expect(fieldErrorWords("en", result.errors)[field]).toBe(words.en);
    expect(fieldErrorWords("es", result.errors)[field]).toBe(words.es);
  });

  it("every code the schema can give is tested", () => {
    expect(new Set(refusedPosts.map(([, , code]) => code))).toEqual(new Set(fieldRefusalCodes));
  });

  it("the refusals before the form is read are in the page's language", () => {
    expect(estimateRefusals("en").tooLarge).toBe("This request is too large for the estimate form.");
    expect(estimateRefusals("es")).toMatchObject({
      unsupported: "Envíe el formulario de estimado desde la página: este tipo de solicitud no se acepta.",
      tooLarge: "Esta solicitud es demasiado grande para el formulario de estimado.",
      unreadable: "No pudimos leer el formulario. Vuelva a intentarlo.",
    });
    expect(estimateRefusals("en").photosTooLarge(30 * 1024 * 1024)).toBe(requestTooLargeMessage(30 * 1024 * 1024));
    expect(estimateRefusals("es").photosTooLarge(30 * 1024 * 1024)).toBe(
      "Esta solicitud es demasiado grande: puede enviar hasta 6 fotos de hasta 30 MB cada una. Envíe menos fotos o fotos más pequeñas (su teléfono puede compartirlas en un tamaño menor), o llámenos.",
    );
  });
});
