/**
 * `node scripts/js-bytes.ts <base URL> [path ...]`: the JavaScript each page makes a browser
 * load, gzipped (level 9): its inline scripts (JSON-LD aside) and every script file it names
 * (`<script src>`, `<link rel="modulepreload">`), each counted once. A running server is needed
 * (`npm run serve`). Issue 14 allows at most 40 KB a public page; ADR 026 records the figures.
 */
import { gzipSync } from "node:zlib";

const [base, ...given] = process.argv.slice(2);
if (!base) {
  console.error("Usage: node scripts/js-bytes.ts http://127.0.0.1:3000 [/ /contact ...]");
  process.exit(2);
}
const paths = given.length > 0 ? given : ["/", "/contact", "/services", "/bathroom", "/gallery", "/about"];
const gz = (text: string | Uint8Array) => gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(["page", "inline scripts", "inline gz", "files", "files gz", "total gz"].join("\t"));
for (const path of paths) {
  const html = await (await fetch(new URL(path, base))).text();
  let inline = 0;
  let inlineCount = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", body = ""] = match;
    if (/\bsrc\s*=/.test(attributes) || /application\/ld\+json/.test(attributes) || body.trim() === "") continue;
    inline += gz(body);
    inlineCount++;
  }
  const files = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)) files.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/gi)) files.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*href="([^"]+)"[^>]*rel="modulepreload"/gi)) files.add(match[1]!);
  // React Router's bootstrap imports the route modules named in its manifest: count those too.
  for (const match of html.matchAll(/import\(\s*"([^"]+\.js)"\s*\)|import\s+\*\s+as\s+\w+\s+from\s+"([^"]+\.js)"/g)) {
    files.add((match[1] ?? match[2])!);
  }
  // Each file's own static and dynamic imports (the framework's chunks) are loaded too.
  const queue = [...files].map((file) => new URL(file, new URL(path, base)).href);
  const seen = new Set(queue);
  let fileBytes = 0;
  while (queue.length > 0) {
    const url = queue.shift()!;
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    fileBytes += gz(bytes);
    const code = new TextDecoder().decode(bytes);
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+\.js)["']/g)) {
      const next = new URL(match[1]!, url).href;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  files.clear();
  for (const url of seen) files.add(url);
  console.log([path, inlineCount, kb(inline), files.size, kb(fileBytes), kb(inline + fileBytes)].join("\t"));
}
