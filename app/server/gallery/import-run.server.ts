/**
 * One import run's shared state: its options, the summary it counts into, the one line per
 * document it reports, and the files being imported in this run by content.
 * docs/decisions/035-firebase-gallery-import.md
 */
import type { OutboundPolicy } from "#app/server/net/outbound.server.ts";
import type { ConvertingDeps, UploadLimits } from "#app/server/gallery/photos.server.ts";
import type { ExportDocument } from "#app/server/gallery/firebase-export.server.ts";

export interface ImportOptions {
  deps: ConvertingDeps;
  limits: UploadLimits;
  documents: ExportDocument[];
  /** A downloaded copy of the bucket: files are read from DIR/images/<name> or DIR/<name>. */
  filesDir?: string | null;
  dryRun?: boolean;
  category: string;
  /** Downloads at once (each holds at most UPLOAD_MAX_MB in memory). */
  concurrency?: number;
  timeoutMs?: number;
  /** One line per document, then none: the caller prints the summary. */
  report(line: string): void;
  /**
   * Where downloads may go: public addresses only unless `allowPrivate` (the operator's
   * --allow-private-addresses); tests inject a resolver.
   */
  outbound?: OutboundPolicy;
}

export interface ImportSummary {
  total: number;
  imported: number;
  skipped: number;
  failed: number;
  dryRun: boolean;
}

export interface ImportRun {
  deps: ConvertingDeps;
  limits: UploadLimits;
  filesDir: string | null;
  category: string;
  dryRun: boolean;
  timeoutMs: number;
  outbound: OutboundPolicy;
  summary: ImportSummary;
  report(line: string): void;
  /**
   * Files being imported in this run, by content: a second document with the same bytes waits
   * for the first and is recorded against its photo (null when the first failed).
   */
  byContent: Map<string, Promise<string | null>>;
}

/** A document that has its file's address. */
export type ImportDocument = ExportDocument & { imageFile: string };

export function failed(run: ImportRun, id: string, reason: string): void {
  run.summary.failed++;
  run.report(`✗ ${id}: ${reason}`);
}

export function skipped(run: ImportRun, id: string, reason: string): void {
  run.summary.skipped++;
  run.report(`– ${id}: skipped, ${reason}`);
}

export const quote = (caption: string) => (caption ? `"${caption}"` : "(no caption suggested)");
