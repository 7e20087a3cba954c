/** The rules a new password must meet (ADR 009): length, not common, not the account's own email or name. */
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "#app/server/auth/common-passwords.server.ts";
import { accountLimits } from "#app/schemas/account.ts";

/** A message for the password field, or null when the password may be used. */
export function checkNewPassword(password: string, context: { email?: string; name?: string }): string | null {
  if (password.length < accountLimits.password.min || password.length > accountLimits.password.max) {
    return `Please use between ${accountLimits.password.min} and ${accountLimits.password.max} characters for your password.`;
  }
  return isCommonPassword(password, context) ? COMMON_PASSWORD_MESSAGE : null;
}
