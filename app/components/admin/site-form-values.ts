import type { SiteFormResult } from "#app/components/admin/site-shared.tsx";

/** What a FormField of a /admin/site form is given for one field: its name, value, error and class. */
export interface SiteFieldProps {
  name: string;
  defaultValue: string;
  error: string | undefined;
  className: string;
}

export type SiteField = (name: string) => SiteFieldProps;

/** A /admin/site form's values (what was typed after a refusal, else what is stored) and its errors. */
export function siteFormValues(fields: Record<string, string>, result: SiteFormResult | undefined) {
  const values = result?.values ?? fields;
  const errors = result?.fieldErrors ?? {};
  const value = (name: string) => values[name] ?? "";
  const field: SiteField = (name) => ({
    name,
    defaultValue: value(name),
    error: errors[name],
    className: "site-field",
  });
  return { value, errors, field };
}
