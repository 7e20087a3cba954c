import { useId } from "react";

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
