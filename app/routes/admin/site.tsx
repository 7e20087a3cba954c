import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/site";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { ProfileFormSchema, fieldErrors, profileToFields } from "#app/schemas/site.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ProfileForm } from "#app/components/admin/site-profile-form.tsx";
import { SiteHeader, type SiteFormResult } from "#app/components/admin/site-shared.tsx";
import siteCss from "#app/styles/admin-site.css?url";

const INTENTS = ["save"] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Business details", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: siteCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { site, config, clock } = getBackend(context);
  const [profile, savedAt] = await Promise.all([site.profile(), site.profileSavedAt()]);
  const done = new URL(request.url).searchParams.get("done");
  return {
    flash: done === "saved" ? "Saved the business details. The site shows them now." : null,
    fields: profileToFields(profile),
    savedAt: savedAt ? { iso: savedAt, text: clock.formatTime(savedAt) } : null,
    leadsToOverride: config.env.LEADS_TO ?? null,
  };
}

/** The posted text fields as the schema reads them (a file or a repeated name is not a text answer). */
function textFields(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && name !== "intent" && !(name in values)) values[name] = value;
  }
  return values;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { site, logger } = getBackend(context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  if (intent !== "save") return actionError(400, unknownIntentMessage(intent, INTENTS), intent);

  const values = textFields(form);
  const parsed = ProfileFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors<string>(parsed.error) as Record<string, string>;
    const count = Object.keys(errors).length;
    return data<SiteFormResult>(
      {
        error: `Nothing was saved: please correct ${count === 1 ? "the field" : `the ${count} fields`} marked below.`,
        intent: intent ?? null,
        values,
        fieldErrors: errors,
      },
      { status: 400 },
    );
  }
  const result = await site.saveProfile({ profile: parsed.data, by: admin.id });
  if (!result.ok) return actionError(result.status, result.error, intent, values);
  logger.info("business profile saved", { adminId: admin.id });
  return redirect("/admin/site?done=saved");
}

export default function SiteProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { fields, savedAt, leadsToOverride } = loaderData;
  return (
    <div className="admin-page site-screen">
      {/* After a refused save the problems come first (on a phone, right under the tabs). */}
      <SiteHeader title="Business details">
        {actionData?.error ? null : (
          <>
            <p>
              Your business's name, phone, emails, address, service area, hours, licences and links. The site shows them on every page as
              soon as you save.
            </p>
            <p className="admin-help">
              {savedAt ? (
                <>
                  Last saved <time dateTime={savedAt.iso}>{savedAt.text}</time>.
                </>
              ) : (
                "Not saved yet: the site still shows the example details below. Replace them with your own."
              )}
            </p>
            <p className="admin-help">
              Replies you send from a request's page are signed with this name and phone; their ready-made wording is in the{" "}
              <Link to="/admin/replies">reply templates</Link>.
            </p>
          </>
        )}
      </SiteHeader>
      {/* A new key after each save: the fields show what was stored (a phone number is tidied up). */}
      <ProfileForm key={savedAt?.iso ?? "never"} fields={fields} result={actionData} leadsToOverride={leadsToOverride} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
