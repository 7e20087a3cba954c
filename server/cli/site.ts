import type { ParseArgsOptionsConfig } from "node:util";
import { migrateToLatest } from "#app/server/db/index.server.ts";
import { EnvError, parseEnv } from "#app/server/env.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { createPublicPages } from "#app/server/public-pages.server.ts";
import { createSite, type Site } from "#app/server/site/site.server.ts";
import { describeProfile } from "#app/content/profile.ts";
import { ProfileFormSchema, profileToFields, weekdayLabels, weekdays } from "#app/schemas/site.ts";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, usageLine, withDatabase, type CliCommand, type CliIO } from "#server/cli/command.ts";

/** `site set` flags and the /admin/site form fields they fill. */
const SITE_FLAGS: Record<string, string> = {
  name: "name",
  phone: "phone",
  "public-email": "public_email",
  "lead-inbox": "lead_inbox",
  city: "city",
  "service-cities": "service_cities",
  slogan: "slogan",
  years: "years_in_business",
};

export const siteCommand: CliCommand = {
  summary: "Show the business profile, or set it (the fields /setup/business and /admin/site set)",
  usage:
    'site show | site set [--name N] [--phone P] [--public-email E] [--lead-inbox E] [--city C] [--service-cities "Houston, Katy"] [--slogan S] [--years Y]',
  options: Object.fromEntries(Object.keys(SITE_FLAGS).map((flag) => [flag, { type: "string" }])) as ParseArgsOptionsConfig,
  allowPositionals: true,
  async run({ values, positionals, io }) {
    const [action, ...extra] = positionals;
    const usage = usageLine(siteCommand);
    if ((action !== "show" && action !== "set") || extra.length > 0) {
      io.err(
        action
          ? `site: unknown action "${[action, ...extra].join(" ")}": use "site show" or "site set --name …"`
          : "site: say what to do: show or set",
      );
      io.err(usage);
      return EXIT_USAGE;
    }
    const given = Object.keys(SITE_FLAGS).filter((flag) => typeof values[flag] === "string");
    if (action === "show" && given.length > 0) {
      io.err(`site show takes no options (got --${given[0]}); to change the profile use "site set".`);
      return EXIT_USAGE;
    }
    if (action === "set" && given.length === 0) {
      io.err('site set: give at least one field to change, like --name "Bayou City Builders".');
      io.err(usage);
      return EXIT_USAGE;
    }
    let leadsTo: string | undefined;
    try {
      leadsTo = parseEnv(io.env).env.LEADS_TO;
    } catch (error) {
      if (error instanceof EnvError) {
        io.err(`site: ${error.message}`);
        return EXIT_FAILURE;
      }
      throw error;
    }
    return withDatabase(io, async (database) => {
      await migrateToLatest(database);
      const logger = createLogger({ level: "error", write: (line) => io.err(line) });
      const site = createSite({
        config: { env: { LEADS_TO: leadsTo } as ReturnType<typeof parseEnv>["env"] },
        database,
        logger,
        // The profile commands never show a photo: a gallery that has none is all they need.
        gallery: { publishedPhoto: async () => null },
        // A save here bumps the database's counter: running servers drop their pages within a second.
        publicPages: createPublicPages({ database, logger }),
      });
      if (action === "show") {
        await printProfile(io, site, leadsTo, await site.profileSavedAt());
        return EXIT_OK;
      }
      // The flags over the current profile, checked by the same schema as the /admin/site form.
      const current = await site.profile();
      const fields = profileToFields(current);
      for (const flag of given) fields[SITE_FLAGS[flag]!] = values[flag] as string;
      const parsed = ProfileFormSchema.safeParse(fields);
      if (!parsed.success) {
        const flagOf = Object.fromEntries(Object.entries(SITE_FLAGS).map(([flag, field]) => [field, flag]));
        io.err("site set: nothing was saved:");
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? "");
          io.err(`  ${flagOf[field] ? `--${flagOf[field]}` : field}: ${issue.message}`);
        }
        return EXIT_FAILURE;
      }
      // A few flags are not the whole form: the old default claims are not reviewed by them (ADR 056).
      const result = await site.saveProfile({ profile: { ...parsed.data, claimsReviewed: current.claimsReviewed }, by: null });
      if (!result.ok) {
        io.err(`site set: ${result.error}`);
        return EXIT_FAILURE;
      }
      io.out(`Saved the business profile (${given.map((flag) => `--${flag}`).join(", ")}).`);
      io.out("Running servers show it within about a second.");
      await printProfile(io, site, leadsTo, await site.profileSavedAt());
      return EXIT_OK;
    });
  },
};

async function printProfile(io: CliIO, site: Site, leadsTo: string | undefined, savedAt: string | null): Promise<void> {
  const profile = describeProfile(await site.profile());
  const rows: [string, string][] = [
    ["Name", profile.name],
    ["Slogan", profile.slogan],
    ["Phone", profile.phone],
    ["Public email", profile.publicEmail],
    ["Lead inbox", leadsTo ? `${profile.leadInbox} (LEADS_TO wins: requests go to ${leadsTo})` : profile.leadInbox],
    ["Address", profile.streetAddress ?? `${profile.city}, ${profile.region}`],
    ["Service cities", profile.serviceCities.join(", ")],
    ["Service ZIPs", profile.serviceZips.join(" ")],
    [
      "Hours",
      weekdays
        .map(
          (day) =>
            `${weekdayLabels[day].short} ${profile.hours[day] ? `${profile.hours[day].open}–${profile.hours[day].close}` : "closed"}`,
        )
        .join(", "),
    ],
    ["Years in business", profile.yearsInBusiness === null ? "" : String(profile.yearsInBusiness)],
    ["Licences", profile.licences.map((licence) => `${licence.label} ${licence.number}`.trim()).join("; ")],
    ["Insurance", profile.insurance],
    ["Warranty", profile.warranty],
    ["Permits", profile.permits],
    ["Payment terms", profile.paymentTerms],
    ["Family-run", profile.familyRun ? "yes" : ""],
    ["Links", profile.profileLinks.map((link) => `${link.label}: ${link.href}`).join("; ")],
  ];
  io.out(savedAt ? `Business profile (last saved ${savedAt}):` : "Business profile (never saved: the site shows the placeholders):");
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  for (const [label, value] of rows) io.out(`  ${`${label}:`.padEnd(width)} ${value || "—"}`);
}
