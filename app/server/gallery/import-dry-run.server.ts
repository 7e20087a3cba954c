/** A dry run's look at one document: the file is there (or the address answers) and nothing speaks against it. */
import { httpFailure, ImportFailure, localFileWithin, overNetwork, request, tooLarge } from "#app/server/gallery/import-sources.server.ts";
import { quote, type ImportDocument, type ImportRun } from "#app/server/gallery/import-run.server.ts";

export async function dryRunOne(run: ImportRun, document: ImportDocument, caption: string): Promise<void> {
  const { filesDir, limits, timeoutMs, outbound, summary, report } = run;
  if (filesDir) {
    const file = await localFileWithin(filesDir, document.imageFile, limits.maxBytes);
    summary.imported++;
    report(`→ ${document.id}: would import ${quote(caption)} from ${file}`);
    return;
  }
  // A HEAD request only: the address answers, and says nothing against the file.
  const response = await overNetwork(timeoutMs, () => request(document.imageFile, "HEAD", AbortSignal.timeout(timeoutMs), outbound));
  response.discard();
  let note = "";
  if (response.status === 405 || response.status === 501) {
    note = " (the server does not answer HEAD: not checked)";
  } else if (response.status < 200 || response.status > 299) {
    throw httpFailure(response);
  } else {
    const type = response.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type && !type.startsWith("image/") && type !== "application/octet-stream" && type !== "binary/octet-stream") {
      throw new ImportFailure(`not an image: the server sends it as ${type}`);
    }
    const length = Number(response.header("content-length"));
    if (Number.isFinite(length) && length > limits.maxBytes) throw tooLarge(limits.maxBytes);
  }
  summary.imported++;
  report(`→ ${document.id}: would import ${quote(caption)} from ${document.imageFile}${note}`);
}
