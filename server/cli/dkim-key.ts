/**
 * `dkim-key`: makes the site's DKIM key (RSA-2048) and keeps it in the database, where every
 * instance signs with it (ADR 054), then prints the DNS record to publish. An existing key is
 * never replaced without --replace: mail signed with it would fail until the new record is out.
 */
import { migrateToLatest } from "#app/server/db/index.server.ts";
import {
  defaultSelector,
  dkimRecordValue,
  generateDkimKey,
  loadDkimKey,
  selectorProblem,
  storeDkimKey,
  type DkimKey,
} from "#app/server/mail/dkim.server.ts";
import { senderFacts } from "#app/server/mail/mail-records.server.ts";
import {
  EXIT_FAILURE,
  EXIT_OK,
  configFrom,
  textOption,
  usageError,
  withDatabase,
  type CliCommand,
  type CliIO,
} from "#server/cli/command.ts";

export const dkimKeyCommand: CliCommand = {
  summary: "Make the DKIM key every email is signed with and print its DNS record (--show: print it; --replace: a new key)",
  usage: "dkim-key [--selector S] [--replace] | dkim-key --show",
  options: { selector: { type: "string" }, replace: { type: "boolean" }, show: { type: "boolean" } },
  async run({ values, io }) {
    const config = configFrom(io, "dkim-key");
    if (!config) return EXIT_FAILURE;
    const selector = textOption(values, "selector").toLowerCase() || defaultSelector();
    const problem = selectorProblem(selector);
    if (problem) return usageError(io, dkimKeyCommand, `dkim-key: ${problem}`);
    if (values.show && (values.replace || values.selector !== undefined)) {
      return usageError(io, dkimKeyCommand, "dkim-key --show takes no other option.");
    }
    const { domain } = senderFacts(config);
    return withDatabase(io, async (database) => {
      await migrateToLatest(database);
      const existing = await loadDkimKey({ db: database.db });
      if (values.show) {
        if (!existing) {
          io.err('There is no DKIM key yet. Make one with "npm run cli -- dkim-key".');
          return EXIT_FAILURE;
        }
        printRecord(io, existing, domain);
        return EXIT_OK;
      }
      const key = generateDkimKey({ selector });
      const outcome = await storeDkimKey({ db: database.db, key, replace: values.replace === true });
      if (outcome === "exists" && existing) {
        io.err(`A DKIM key already exists (selector ${existing.selector}, made ${existing.createdAt || "earlier"}); it was kept.`);
        io.err('To see its record: "npm run cli -- dkim-key --show". To make a new one: add --replace (then publish the new record).');
        return EXIT_FAILURE;
      }
      if (outcome === "exists") {
        io.err("Another process stored a DKIM key at the same moment; it was kept. See it with --show.");
        return EXIT_FAILURE;
      }
      io.out(existing ? `Replaced the DKIM key (selector ${existing.selector}) with a new one.` : "Made the site's DKIM key.");
      io.out("Every email is signed with it within a minute, on every instance.");
      printRecord(io, key, domain);
      if (existing && existing.selector !== key.selector) {
        io.out(`Keep the old record (${existing.selector}._domainkey.${domain}) for a few days: mail already sent is checked against it.`);
      }
      return EXIT_OK;
    });
  },
};

function printRecord(io: CliIO, key: DkimKey, domain: string) {
  io.out("");
  io.out("Publish this TXT record at your domain's DNS host (the admin's Email page shows it too, with a copy button):");
  io.out(`  Name:  ${key.selector}._domainkey.${domain}`);
  io.out("  Type:  TXT");
  io.out(`  Value: ${dkimRecordValue(key)}`);
}
