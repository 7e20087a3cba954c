import { Form } from "react-router";
import { AccountSubmit, FormMessage } from "#app/components/account-parts.tsx";
import { FormField, NewPasswordField } from "#app/components/form-field.tsx";
import type { FormErrors } from "#app/schemas/account.ts";

/** What the password form's post answered. */
type PasswordAnswer =
  | { status: "success"; message: string }
  | { status: "error"; message?: string; fieldErrors?: FormErrors<"current_password" | "new_password"> };

/** Change the password (or set one, for a Google-only account); the answer shows above the form. */
export function PasswordSection({ hasPassword, answer }: { hasPassword: boolean; answer: PasswordAnswer | undefined }) {
  const errors = answer?.status === "error" ? (answer.fieldErrors ?? {}) : {};
  const passwordTitle = hasPassword ? "Change your password" : "Set a password";
  return (
    <section className="account__section" aria-labelledby="password-title">
      <h2 id="password-title">{passwordTitle}</h2>
      {answer?.status === "success" ? (
        <FormMessage kind="success">
          <p>{answer.message} You stay signed in here; every other browser and device was signed out.</p>
        </FormMessage>
      ) : null}
      {answer?.status === "error" && answer.message ? (
        <FormMessage kind="error">
          <p>{answer.message}</p>
        </FormMessage>
      ) : null}
      {hasPassword ? null : <p>You sign in with Google. You can also set a password, to log in with your email address.</p>}
      <Form method="post" className="account-form">
        <input type="hidden" name="intent" value="change-password" />
        {hasPassword ? (
          <FormField
            label="Current password"
            name="current_password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.current_password}
          />
        ) : null}
        <NewPasswordField label="New password" name="new_password" error={errors.new_password} />
        <AccountSubmit>{hasPassword ? "Change password" : "Set password"}</AccountSubmit>
      </Form>
    </section>
  );
}
