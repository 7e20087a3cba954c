/**
 * Account forms: sign-in, sign-up, change password, first-admin setup. The limits are exported
 * for the HTML attributes (`minLength`, `maxLength`), so the browser checks what the server checks.
 * The common-password check runs on the server only (auth/common-passwords.server.ts).
 */
import { z } from "zod";
import { accountLimits } from "#app/schemas/account-rules.ts";
import { cleanSingleLineText } from "#app/schemas/text.ts";

/** New accounts are customers; only an admin (or the operator) makes admins. */
const userRoles = ["customer", "admin"] as const;
export type UserRole = (typeof userRoles)[number];

export { accountLimits } from "#app/schemas/account-rules.ts";

const email = z
  .string({ error: "Please enter your email address." })
  .overwrite(cleanSingleLineText)
  .trim()
  .min(1, { error: "Please enter your email address." })
  .max(accountLimits.email.max, { error: "That email address is too long." })
  .pipe(z.email({ error: "Please enter a valid email address, like name@example.com." }));

/** A new password: length only here; the server also refuses common ones. */
const NewPasswordSchema = z
  .string({ error: "Please choose a password." })
  .min(accountLimits.password.min, {
    error: `Please use at least ${accountLimits.password.min} characters for your password.`,
  })
  .max(accountLimits.password.max, {
    error: `Please keep your password under ${accountLimits.password.max + 1} characters.`,
  });

export const SignInSchema = z.object({
  email,
  // No rules beyond presence and a sane length: the stored hash decides.
  password: z
    .string({ error: "Please enter your password." })
    .min(1, { error: "Please enter your password." })
    .max(1024, { error: "That password is too long." }),
});

export const SignUpSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .overwrite(cleanSingleLineText)
    .trim()
    .min(1, { error: "Please enter your name." })
    .max(accountLimits.name.max, { error: `Please keep your name under ${accountLimits.name.max} characters.` }),
  email,
  password: NewPasswordSchema,
});

/** "Forgot password?": the address to send a reset link to. */
export const ForgotPasswordSchema = z.object({ email });

/** The new password chosen from a reset link. */
export const ResetPasswordSchema = z.object({ password: NewPasswordSchema });

export const ChangePasswordSchema = z.object({
  current_password: z.string().max(1024).optional().default(""),
  new_password: NewPasswordSchema,
});

export type FormErrors<T extends string> = Partial<Record<T | "form", string>>;

/** Zod issues → one message per field (the first), for the form to show beside each field. */
export function fieldErrors<T extends string>(error: z.ZodError): FormErrors<T> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors as FormErrors<T>;
}
