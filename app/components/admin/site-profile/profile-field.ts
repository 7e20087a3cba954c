import type { SiteFormResult } from "../site-shared";

/** What a FormField of the profile form is given for one field: its name, value, error and class. */
export interface ProfileFieldProps {
  name: string;
  defaultValue: string;
  error: string | undefined;
  className: string;
}

export type ProfileField = (name: string) => ProfileFieldProps;

/** The form's values (what was typed after a refusal, else the stored profile) and its errors. */
export function profileValues(fields: Record<string, string>, result: SiteFormResult | undefined) {
  const values = result?.values ?? fields;
  const errors = result?.fieldErrors ?? {};
  const value = (name: string) => values[name] ?? "";
  const field: ProfileField = (name) => ({ name, defaultValue: value(name), error: errors[name], className: "site-field" });
  return { value, errors, field };
}
