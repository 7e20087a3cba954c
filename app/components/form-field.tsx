import { useId } from "react";
import { accountLimits } from "~/schemas/account-rules";

export interface FormFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "children"> {
  label: string;
  name: string;
  /** A line under the label that helps fill the field in (e.g. "At least 8 characters"). */
  hint?: string;
  /** The server's message for this field; marks the input invalid and is read with it. */
  error?: string;
}

/**
 * A labelled input whose hint and error are wired to it with `aria-describedby`, and which
 * says `aria-invalid` when the server refused its value. Plain HTML: it works without JavaScript.
 */
export function FormField({ label, name, hint, error, className, ...inputProps }: FormFieldProps) {
  const id = useId();
  const inputId = `${id}-${name}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={inputId}>{label}</label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        {...inputProps}
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type PresetProps = { defaultValue?: string; error?: string };

/** The account forms' email field (sign-in, sign-up, setup). */
export function EmailField({ defaultValue, error }: PresetProps) {
  return (
    <FormField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      maxLength={accountLimits.email.max}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** A person's name on an account form. */
export function NameField({ label = "Name", defaultValue, error }: PresetProps & { label?: string }) {
  return (
    <FormField
      label={label}
      name="name"
      type="text"
      autoComplete="name"
      required
      maxLength={accountLimits.name.max}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** A new password, with the length rules the server applies and the hint that explains them. */
export function NewPasswordField({
  label = "Password",
  name = "password",
  hint = `At least ${accountLimits.password.min} characters. Very common passwords are refused.`,
  error,
}: {
  label?: string;
  name?: string;
  hint?: string;
  error?: string;
}) {
  return (
    <FormField
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={accountLimits.password.min}
      maxLength={accountLimits.password.max}
      hint={hint}
      error={error}
    />
  );
}
