/**
 * The one-time setup link, as `npm start` prints it while the site has no administrator
 * (ADR 007, ADR 058): the last block of the start-up output, between two rules, so it stands
 * out after the build and the log lines. Bold on a terminal; plain text in a log file or a pipe.
 * The link's line stays one whole line of its own, with no frame on its sides, so it can be
 * copied as it is and read by a script (`Create the first admin account: <url> (valid for 1 hour)`).
 */
export function setupLinkBlock(setupUrl: string, options: { bold: boolean; columns?: number | undefined }): string {
  const line = `Create the first admin account: ${setupUrl} (valid for 1 hour)`;
  const rule = "=".repeat(Math.min(line.length, options.columns ?? line.length));
  const shown = options.bold ? `\u001b[1m${line}\u001b[22m` : line;
  return `\n${rule}\n${shown}\n${rule}\n`;
}
