/**
 * Reading an export of the old Firebase gallery's `images` collection, and the caption its file
 * name suggests. Three shapes are accepted (ADR 035):
 *
 * - a list of documents: `[{ "id": "<docId>", "imageFile": "https://…" }, …]`;
 * - a console-style map: `{ "images": { "<docId>": { "imageFile": "…" }, … } }`, or the same
 *   map at the top level;
 * - gcloud's export turned into JSON: `[{ "name": "projects/p/databases/(default)/documents/images/<docId>",
 *   "fields": { "imageFile": { "stringValue": "…" } } }, …]`, or the same under `{ "documents": [...] }`.
 *
 * A document that cannot be used (no id, no `imageFile`) is kept with its problem, so the import
 * reports it in its line and carries on; a file of any other shape is refused as a whole.
 */
import path from "node:path";
import { CAPTION_MAX_LENGTH } from "#app/schemas/photo-view.ts";

export type ExportShape = "list" | "console" | "gcloud";

export interface ExportDocument {
  /** The Firestore document id; for a list entry without one, `#<position>`. */
  id: string;
  imageFile: string | null;
  /** Why this document cannot be imported, in words; null when it can. */
  problem: string | null;
}

type ParsedExport = { ok: true; shape: ExportShape; documents: ExportDocument[] } | { ok: false; error: string };

export const UNKNOWN_SHAPE_MESSAGE =
  'This file is not an export of the images collection in a shape we know. Give a list of { "id", "imageFile" } documents, ' +
  'an object like { "images": { "<document id>": { "imageFile": "https://…" } } }, or gcloud documents ' +
  '[{ "name": ".../documents/images/<document id>", "fields": { "imageFile": { "stringValue": "https://…" } } }] (see the README).';

/** Firestore's own limit on a document id. */
const MAX_ID_LENGTH = 1500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isGcloudDocument(value: unknown): boolean {
  return isRecord(value) && typeof value.name === "string" && isRecord(value.fields);
}

function checkId(id: unknown, fallback: string): { id: string; problem: string | null } {
  if (typeof id !== "string" || id.trim() === "") return { id: fallback, problem: "the document has no id" };
  if (id.length > MAX_ID_LENGTH)
    return { id: `${id.slice(0, 40)}…`, problem: `the document id is longer than ${MAX_ID_LENGTH} characters` };
  return { id, problem: null };
}

function document(id: unknown, fallback: string, imageFile: unknown): ExportDocument {
  const checked = checkId(id, fallback);
  if (checked.problem) return { id: checked.id, imageFile: null, problem: checked.problem };
  if (typeof imageFile !== "string" || imageFile.trim() === "") {
    return { id: checked.id, imageFile: null, problem: "the document has no imageFile (the photo's download address)" };
  }
  return { id: checked.id, imageFile: imageFile.trim(), problem: null };
}

function fromGcloud(entries: unknown[]): ExportDocument[] {
  return entries.map((entry, index) => {
    const fallback = `#${index + 1}`;
    if (!isGcloudDocument(entry)) return { id: fallback, imageFile: null, problem: 'the entry has no "name" and "fields"' };
    const { name, fields } = entry as { name: string; fields: Record<string, unknown> };
    const segments = name.split("/");
    const id = segments.at(-1);
    const collection = segments.at(-2);
    if (collection !== undefined && segments.includes("documents") && collection !== "images") {
      return {
        id: id || fallback,
        imageFile: null,
        problem: `the document is in the "${collection}" collection, not "images"`,
      };
    }
    const value = fields.imageFile;
    const imageFile = isRecord(value) ? value.stringValue : undefined;
    return document(id, fallback, imageFile);
  });
}

function fromMap(map: Record<string, unknown>): ExportDocument[] {
  return Object.entries(map).map(([id, value]) => document(id, id, isRecord(value) ? value.imageFile : undefined));
}

/** Recognises one of the three shapes (already parsed from JSON). */
export function parseFirebaseExport(data: unknown): ParsedExport {
  if (Array.isArray(data)) {
    if (data.length === 0) return { ok: true, shape: "list", documents: [] };
    if (data.some(isGcloudDocument)) return { ok: true, shape: "gcloud", documents: fromGcloud(data) };
    if (data.some((entry) => isRecord(entry) && ("imageFile" in entry || "id" in entry))) {
      return {
        ok: true,
        shape: "list",
        documents: data.map((entry, index) =>
          isRecord(entry)
            ? document(entry.id, `#${index + 1}`, entry.imageFile)
            : { id: `#${index + 1}`, imageFile: null, problem: "the entry is not an object" },
        ),
      };
    }
    return { ok: false, error: UNKNOWN_SHAPE_MESSAGE };
  }
  if (!isRecord(data)) return { ok: false, error: UNKNOWN_SHAPE_MESSAGE };
  if (Array.isArray(data.documents) && (data.documents.length === 0 || data.documents.some(isGcloudDocument))) {
    return { ok: true, shape: "gcloud", documents: fromGcloud(data.documents) };
  }
  if (isRecord(data.images) && !("imageFile" in data.images)) {
    const values = Object.values(data.images);
    if (values.length === 0 || values.some((value) => isRecord(value) && "imageFile" in value)) {
      return { ok: true, shape: "console", documents: fromMap(data.images) };
    }
  }
  const values = Object.values(data);
  if (values.length > 0 && values.every(isRecord) && values.some((value) => "imageFile" in (value as Record<string, unknown>))) {
    return { ok: true, shape: "console", documents: fromMap(data) };
  }
  return { ok: false, error: UNKNOWN_SHAPE_MESSAGE };
}

/** Parses the export file's text. */
export function parseFirebaseExportText(text: string): ParsedExport {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return {
      ok: false,
      error: `This file is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  return parseFirebaseExport(data);
}

/**
 * The stored file's name from its download address: Firebase's
 * `…/o/images%2F1617300000000kitchen-after.jpg?alt=media&token=…` gives
 * `1617300000000kitchen-after.jpg`. Null when the address names no file.
 */
export function fileNameFromUrl(imageFile: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(imageFile).pathname;
  } catch {
    // Not an address: a bare object path like `images/123kitchen.jpg`.
    pathname = imageFile.split(/[?#]/)[0] ?? "";
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname;
  }
  const name = path.posix.basename(decoded.replaceAll("\\", "/"));
  return name === "" || name === "." || name === ".." ? null : name;
}

/** Firebase names uploads `{Date.now()}{file name}` (13 digits); older code used seconds (10). */
const TIMESTAMP_PREFIX = /^(?:\d{13}|\d{10})(?!\d)|^\d{13}/;
/** Names a camera gives, which say nothing a caption should. */
const CAMERA_NAME = /^(?:img|dsc|dscn|dscf|pxl|mvimg|photo|image|picture|screenshot)[\s\d]*$/i;

/**
 * The caption a file name suggests: `images/1617300000000kitchen-after.jpg` → "Kitchen after".
 * Drops the folder, the upload timestamp and the extension, turns - and _ into spaces and
 * writes it in sentence case. Empty when nothing useful is left (`IMG_1234.jpg`).
 */
export function captionFromFileName(fileName: string): string {
  let name = path.posix.basename(fileName.replaceAll("\\", "/"));
  name = name.replace(TIMESTAMP_PREFIX, "");
  name = name.replace(/\.[a-z0-9]{1,5}$/i, "");
  name = name
    .replace(/[-_+.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (name === "" || CAMERA_NAME.test(name) || /^\d+$/.test(name.replaceAll(" ", ""))) return "";
  const sentence = name.charAt(0).toLocaleUpperCase("en-US") + name.slice(1).toLocaleLowerCase("en-US");
  return sentence.slice(0, CAPTION_MAX_LENGTH).trim();
}

/** The caption suggested for a document's `imageFile`. */
export function suggestCaption(imageFile: string): string {
  const name = fileNameFromUrl(imageFile);
  return name ? captionFromFileName(name) : "";
}
