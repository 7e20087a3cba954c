import { migrateToLatest } from "#app/server/db/index.server.ts";
import { createOrPromoteAdmin, signOutEverywhere } from "#app/server/auth/accounts.server.ts";
import { EXIT_FAILURE, EXIT_OK, textOption, usageError, withDatabase, type CliCommand } from "#server/cli/command.ts";

export const createAdminCommand: CliCommand = {
  summary: "Create an admin account, or make the account with this email an admin",
  usage: "create-admin --email E [--password P] [--name N]",
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  async run({ values, io }) {
    const email = textOption(values, "email");
    const password = typeof values.password === "string" ? values.password : null;
    const name = typeof values.name === "string" ? values.name : undefined;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
      return usageError(io, createAdminCommand, "create-admin: --email must be an email address, like owner@example.com");
    }
    return withDatabase(io, async (database) => {
      await migrateToLatest(database);
      const result = await createOrPromoteAdmin({ db: database.db, dialect: database.dialect, email, password, name });
      if (!result.ok) {
        io.err(`create-admin: ${result.message}`);
        return EXIT_FAILURE;
      }
      if (result.created) {
        io.out(`Created admin account ${result.user.email}. Sign in at /login.`);
      } else {
        // A new password must not leave old sessions signed in with the old one.
        if (password !== null) await signOutEverywhere({ db: database.db, userId: result.user.id });
        io.out(
          `${result.user.email} is an admin now${password !== null ? "; its password was replaced and its sessions signed out" : ""}.`,
        );
      }
      return EXIT_OK;
    });
  },
};
