import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/setup-business";
import { privatePageMeta } from "#app/private-pages.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { formText, readAdminForm } from "#app/server/forms.server.ts";
import { FormMessage } from "#app/components/account-parts.tsx";
import { SetupBusinessForm } from "#app/components/setup-business-form.tsx";
import { SetupBusinessSchema, fieldErrors, profileToFields, type FormErrors } from "#app/schemas/site.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * Step two of the first-run setup, right after /setup created the administrator: what a lead
 * needs to reach the business (name, phone, the email the site shows, the inbox estimate
 * requests go to, the city and the service area). Saved with site.saveEssentials, then on to the
 * dashboard and its go-live checklist. Admins only (an admin may come back to it); everything
 * else of the profile is at /admin/site. Plain HTML: works without JavaScript.
 */
export const handle = { hydrate: false, styles: ["account", "tables", "estimate"] satisfies StyleGroup[] };

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "/setup/business");

const PRIVATE = { "Cache-Control": "private, no-store" };

const FIELDS = ["name", "phone", "public_email", "lead_inbox", "city", "service_cities"] as const;
type BusinessField = (typeof FIELDS)[number];
type Values = Record<BusinessField, string>;

interface BusinessPage {
  values: Values;
  fieldErrors?: FormErrors<BusinessField>;
  /** A refusal that is not about one field. */
  error?: string;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const fields = profileToFields(await getBackend(context).site.profile());
  const values = Object.fromEntries(FIELDS.map((name) => [name, fields[name] ?? ""])) as Values;
  // One city a line in the database; the form reads better with commas, ZIP codes after the cities.
  values.service_cities = [...values.service_cities.split("\n"), ...(fields.service_zips ?? "").split(" ")].filter(Boolean).join(", ");
  return data<BusinessPage>({ values }, { headers: PRIVATE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { site, logger } = getBackend(context);
  const form = await readAdminForm(request);
  // What was typed goes back into the form, cut to a sane length.
  const values = Object.fromEntries(FIELDS.map((name) => [name, (formText(form, name) ?? "").slice(0, 4000)])) as Values;
  const parsed = SetupBusinessSchema.safeParse(values);
  if (!parsed.success) {
    return data<BusinessPage>({ values, fieldErrors: fieldErrors<BusinessField>(parsed.error) }, { status: 400, headers: PRIVATE });
  }
  const saved = await site.saveEssentials({ values: parsed.data, by: admin.id });
  if (!saved.ok) return data<BusinessPage>({ values, error: saved.error }, { status: saved.status, headers: PRIVATE });
  logger.info("business essentials saved in the setup step", { userId: admin.id });
  return redirect("/admin?done=setup", { headers: PRIVATE });
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const result = new Headers(parentHeaders);
  result.set("Cache-Control", PRIVATE["Cache-Control"]);
  return result;
};

export default function SetupBusiness({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  const errors = page.fieldErrors ?? {};
  const values = page.values;
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <section className="page-section account" aria-labelledby="page-title">
      <p className="eyebrow">Step 2 of 2</p>
      <h1 id="page-title">Your business</h1>
      <p>
        The website shows these on every page and in its emails, and sends estimate requests to the inbox you give here. You can change
        them, and everything else about the business, later in the <Link to="/admin/site">site settings</Link>.
      </p>
      {hasErrors ? (
        <FormMessage kind="error">
          <p>Nothing was saved yet. Please check the highlighted fields below.</p>
        </FormMessage>
      ) : null}
      {page.error ? (
        <FormMessage kind="error">
          <p>{page.error}</p>
        </FormMessage>
      ) : null}
      <SetupBusinessForm values={values} errors={errors} />
      <p>
        <Link to="/admin">Skip for now</Link>: the dashboard's checklist will remind you.
      </p>
    </section>
  );
}
