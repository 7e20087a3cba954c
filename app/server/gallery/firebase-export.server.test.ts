import { describe, expect, it } from "vitest";
import {
  captionFromFileName,
  fileNameFromUrl,
  parseFirebaseExport,
  parseFirebaseExportText,
  suggestCaption,
  UNKNOWN_SHAPE_MESSAGE,
} from "#app/server/gallery/firebase-export.server.ts";

const URL_A = "https://firebasestorage.googleapis.com/v0/b/site.appspot.com/o/images%2F1617300000000kitchen-after.jpg?alt=media&token=1";
const URL_B = "https://firebasestorage.googleapis.com/v0/b/site.appspot.com/o/images%2F1617300000001bath.png?alt=media&token=2";

describe("parseFirebaseExport: the three shapes", () => {
  it("reads a list of { id, imageFile } documents", () => {
    expect(
      parseFirebaseExport([
        { id: "a", imageFile: URL_A },
        { id: "b", imageFile: URL_B },
      ]),
    ).toEqual({
      ok: true,
      shape: "list",
      documents: [
        { id: "a", imageFile: URL_A, problem: null },
        { id: "b", imageFile: URL_B, problem: null },
      ],
    });
  });

  it("reads the console-style map under images, and at the top level", () => {
    const expected = {
      ok: true,
      shape: "console",
      documents: [
        { id: "a", imageFile: URL_A, problem: null },
        { id: "b", imageFile: URL_B, problem: null },
      ],
    };
    expect(parseFirebaseExport({ images: { a: { imageFile: URL_A }, b: { imageFile: URL_B, title: "x" } } })).toEqual(expected);
    expect(parseFirebaseExport({ a: { imageFile: URL_A }, b: { imageFile: URL_B } })).toEqual(expected);
  });

  it("reads gcloud documents, as a list or under documents, taking the id from the name", () => {
    const docs = [
      { name: "projects/p/databases/(default)/documents/images/a", fields: { imageFile: { stringValue: URL_A } } },
      {
        name: "projects/p/databases/(default)/documents/images/b",
        fields: { imageFile: { stringValue: URL_B } },
        createTime: "2021-04-01T00:00:00Z",
      },
    ];
    const expected = {
      ok: true,
      shape: "gcloud",
      documents: [
        { id: "a", imageFile: URL_A, problem: null },
        { id: "b", imageFile: URL_B, problem: null },
      ],
    };
    expect(parseFirebaseExport(docs)).toEqual(expected);
    expect(parseFirebaseExport({ documents: docs })).toEqual(expected);
  });

  it("keeps a document it cannot use, with its problem in words", () => {
    const parsed = parseFirebaseExport([{ id: "a", imageFile: URL_A }, { imageFile: URL_B }, { id: "c" }, { id: "d", imageFile: 42 }, "e"]);
    expect(parsed.ok && parsed.documents.map((d) => [d.id, d.problem])).toEqual([
      ["a", null],
      ["#2", "the document has no id"],
      ["c", "the document has no imageFile (the photo's download address)"],
      ["d", "the document has no imageFile (the photo's download address)"],
      ["#5", "the entry is not an object"],
    ]);
    const gcloud = parseFirebaseExport([
      { name: "projects/p/databases/(default)/documents/users/u1", fields: { imageFile: { stringValue: URL_A } } },
      { name: "projects/p/databases/(default)/documents/images/x", fields: { imageFile: { integerValue: "3" } } },
    ]);
    expect(gcloud.ok && gcloud.documents.map((d) => [d.id, d.problem])).toEqual([
      ["u1", 'the document is in the "users" collection, not "images"'],
      ["x", "the document has no imageFile (the photo's download address)"],
    ]);
  });

  it("accepts an empty export as no documents", () => {
    expect(parseFirebaseExport([])).toEqual({ ok: true, shape: "list", documents: [] });
    expect(parseFirebaseExport({ documents: [] })).toEqual({ ok: true, shape: "gcloud", documents: [] });
    expect(parseFirebaseExport({ images: {} })).toEqual({ ok: true, shape: "console", documents: [] });
  });

  it("refuses anything else with one sentence", () => {
    for (const data of [null, 3, "images", {}, [1, 2], [{ url: URL_A }], { photos: ["a.jpg"] }, { a: { url: URL_A } }]) {
      expect(parseFirebaseExport(data)).toEqual({ ok: false, error: UNKNOWN_SHAPE_MESSAGE });
    }
  });

  it("says when the file is not JSON, and reads one with a byte-order mark", () => {
    const bad = parseFirebaseExportText("{ images: ");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^This file is not valid JSON \(/);
    expect(parseFirebaseExportText(`\uFEFF[{"id":"a","imageFile":"${URL_A}"}]`).ok).toBe(true);
  });
});

describe("captions from file names", () => {
  it("takes the file name from a Firebase download address, decoding the folder", () => {
    expect(fileNameFromUrl(URL_A)).toBe("1617300000000kitchen-after.jpg");
    expect(fileNameFromUrl("https://cdn.example.com/old/images/1617300000kitchen.jpg?x=1")).toBe("1617300000kitchen.jpg");
    expect(fileNameFromUrl("images/1617300000000deck.png")).toBe("1617300000000deck.png");
    expect(fileNameFromUrl("https://example.com/")).toBeNull();
    expect(fileNameFromUrl("https://example.com/o/images%2F..")).toBeNull();
  });

  it("drops the timestamp (milliseconds or seconds), the extension and the folder, in sentence case", () => {
    expect(suggestCaption(URL_A)).toBe("Kitchen after");
    expect(captionFromFileName("images/1617300000000kitchen-after.jpg")).toBe("Kitchen after");
    expect(captionFromFileName("1617300000master_bath__before.JPEG")).toBe("Master bath before");
    expect(captionFromFileName("16173000000002nd-floor-deck.png")).toBe("2nd floor deck");
    expect(captionFromFileName("Backyard FENCE.webp")).toBe("Backyard fence");
    expect(captionFromFileName("20210401-patio.jpg")).toBe("20210401 patio");
  });

  it("suggests nothing when the name says nothing", () => {
    expect(captionFromFileName("1617300000000IMG_4032.HEIC")).toBe("");
    expect(captionFromFileName("1617300000000.jpg")).toBe("");
    expect(captionFromFileName("DSC01234.jpg")).toBe("");
    expect(captionFromFileName("PXL_20210401_123456.jpg")).toBe("");
  });

  it("keeps a caption within the caption limit", () => {
    expect(captionFromFileName(`${"a".repeat(400)}.jpg`)).toHaveLength(300);
  });
});
