import { describe, expect, it } from "vitest";
import { FORM_TOKEN_PLACEHOLDER } from "#app/form-token.ts";
import { estimateScriptOptions, inlineScriptOptions } from "#app/components/estimate/script-options.ts";
import { SNIFF_BYTES } from "#app/schemas/image-type.ts";
import { photoReasonWords, photoRefusals } from "#app/server/leads/job-photos/rules.server.ts";

describe("the estimate form's script options", () => {
  it("post to the form's own resource route with the photo limit in bytes", () => {
    const options = estimateScriptOptions("/contact", 12.5);
    expect(options.endpoint).toContain("/estimate-request");
    expect(options.maxPhotoMb).toBe(12.5);
    expect(options.maxPhotoBytes).toBe(Math.floor(12.5 * 1024 * 1024));
    expect(options.tokenPlaceholder).toBe(FORM_TOKEN_PLACEHOLDER);
  });

  it("carry the token placeholder with escaped underscores, so the host does not fill it in", () => {
    const json = JSON.stringify(estimateScriptOptions("/", 10));
    const inline = inlineScriptOptions(json);
    expect(inline).not.toContain(FORM_TOKEN_PLACEHOLDER);
    expect(JSON.parse(inline)).toEqual(JSON.parse(json));
  });

  it("refuse a file that is no photo in the server's own words, reading as many bytes as its check needs", () => {
    const options = estimateScriptOptions("/contact", 10);
    expect(photoReasonWords("en", photoRefusals.notAnImage("notes.jpg"))).toBe(`“notes.jpg” was not kept: ${options.notPhotoReason}`);
    expect(options.notPhotoReason).toMatch(
      /^it is not a photo we can read\. Please send a JPEG, PNG, WebP, AVIF, GIF or HEIC \(iPhone\) photo\.$/,
    );
    expect(options.sniffBytes).toBe(SNIFF_BYTES);
  });

  it("on a Spanish page, every sentence the script says is Spanish, the server's refusal included", () => {
    const options = estimateScriptOptions("/es/contacto", 10, "es");
    expect(options.endpoint).toBe("/estimate-request?from=%2Fes%2Fcontacto");
    expect(options.lang).toBe("es");
    expect(options.notPhotoReason).toBe("no es una foto que podamos leer. Envíe una foto JPEG, PNG, WebP, AVIF, GIF o HEIC (iPhone).");
    expect(photoReasonWords("es", photoRefusals.notAnImage("notas.jpg"))).toBe(`No guardamos “notas.jpg”: ${options.notPhotoReason}`);
    expect(options.words.counts).toEqual([
      "Todavía no ha elegido fotos",
      "1 foto elegida de 6",
      "2 fotos elegidas de 6",
      "3 fotos elegidas de 6",
      "4 fotos elegidas de 6",
      "5 fotos elegidas de 6",
      "6 fotos elegidas de 6",
    ]);
    expect(options.words.sending).toBe("Enviando…");
    expect(options.words.tooBig).toBe("{name} pesa {size}, más del límite de 10 MB por foto, así que no se agregó.");
    expect(options.words.overOther).toBe("Puede enviar hasta 6 fotos, así que {count} fotos no se agregaron.");
    expect(options.words.serverError).toContain("(error {status})");
    expect(options.validity?.from_name?.valueMissing).toBe("Escriba su nombre completo.");
    expect(options.validity?.zip?.patternMismatch).toBe("Escriba un código postal de 5 dígitos, como 77008, o déjelo vacío.");
  });

  it("on an English page, today's English words, and the browser's own checks left as they are", () => {
    const options = estimateScriptOptions("/contact", 10, "en");
    expect(options.words.counts[0]).toBe("No photos chosen yet");
    expect(options.words.counts[2]).toBe("2 of 6 photos chosen");
    expect(options.words.overOne).toBe("You can send up to 6 photos, so 1 photo was not added.");
    expect(options.validity).toBeNull();
  });
});

describe("a photo's refusal in words", () => {
  it.each([
    [
      photoRefusals.tooMany("a.jpg"),
      "“a.jpg” was not kept: a request can carry 6 photos.",
      "No guardamos “a.jpg”: una solicitud puede llevar 6 fotos.",
    ],
    [photoRefusals.empty("a.jpg"), "the file is empty (0 bytes)", "el archivo está vacío (0 bytes)"],
    [photoRefusals.tooLarge("a.jpg", 30 * 1024 * 1024), "larger than 30 MB", "pesa más de 30 MB"],
    [photoRefusals.notSaved("a.jpg"), "“a.jpg” could not be saved just now", "No pudimos guardar “a.jpg” en este momento."],
    [photoRefusals.overBudget("a.jpg", 200_000_000), "more than the 200 megapixels", "pasa de los 200 megapíxeles"],
    [photoRefusals.busy("a.jpg"), "we are busy with many photos", "estamos procesando muchas fotos"],
    [
      photoRefusals.rejected("a.jpg", "This image is damaged or incomplete.", "corrupt"),
      "“a.jpg” was not kept. This image is damaged or incomplete.",
      "La imagen está dañada o incompleta",
    ],
  ])("%j", (reason, english, spanish) => {
    expect(photoReasonWords("en", reason)).toContain(english);
    expect(photoReasonWords("es", reason)).toContain(spanish);
  });
});
