import { useId } from "react";
import { accountLimits } from "#app/schemas/account-rules.ts";

interface FieldWrapperProps {
  label: string;
  name: string;
  /** A line under the label that helps fill the field in (e.g. "At least 8 characters"). */
  hint?: string;
  /** The server's message for this field; marks the control invalid and is read with it. */
  error?: string;
  /** Shows a `*` after the label (hidden from screen readers, which hear `required`), for forms that explain it. */
  markRequired?: boolean;
  /** Added to the wrapper's `field` class (e.g. `field--wide`). */
  className?: string;
}

type InputFieldProps = FieldWrapperProps &
  Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "children" | "className"> & { multiline?: false };

type TextareaFieldProps = FieldWrapperProps &
  Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "children" | "className"> & {
    multiline: true;
  };

/** An `<input>` by default; `multiline` makes it a `<textarea>` (with `rows`). */
type FormFieldProps = InputFieldProps | TextareaFieldProps;

/**
 * A labelled input or textarea whose hint and error are wired to it with `aria-describedby`, and
 * which says `aria-invalid` when the server refused its value. Plain HTML: it works without JavaScript.
 */
export function FormField({ label, name, hint, error, markRequired, className, ...control }: FormFieldProps) {
  const id = useId();
  const inputId = `${id}-${name}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const wiring = { id: inputId, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  let input: React.ReactElement;
  if (control.multiline) {
    const { multiline: _, ...attributes } = control;
    input = <textarea {...attributes} {...wiring} />;
  } else {
    const { multiline: _, ...attributes } = control;
    input = <input {...attributes} {...wiring} />;
  }
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={inputId}>
        {markRequired ? `${label} ` : label}
        {markRequired ? <span aria-hidden="true">*</span> : null}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {input}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's message from a refused form, under the field; the field names it in `aria-describedby`. */
export function FieldError({ id, error }: { id: string | undefined; error: string | undefined }) {
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
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
