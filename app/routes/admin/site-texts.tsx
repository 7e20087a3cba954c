import { redirect } from "react-router";
import type { Route } from "./+types/site-texts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { TextFormSchema } from "#app/schemas/site.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { SiteHeader, type SiteFormResult } from "#app/components/admin/site-shared.tsx";
import { MarkdownHelp, TextGroups, textAnchor, type TextGroup } from "#app/components/admin/site-texts.tsx";
import siteCss from "#app/styles/admin-site.css?url";

const INTENTS = ["save", "restore"] as const;
const UNKNOWN_TEXT = "That text does not exist: reload the page and try again.";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Texts", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: siteCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const texts = await getBackend(context).site.adminTexts();
  const params = new URL(request.url).searchParams;
  // Only a key the page lists is named back (never free text from the address).
  const text = texts.find((t) => t.key === params.get("key")) ?? null;
  const done = params.get("done");
  let flash: string | null = null;
  if (text && done === "saved") flash = `Saved “${text.label}” (${text.group}). The site shows it now.`;
  if (text && done === "restored") flash = `“${text.label}” (${text.group}) is back to the default words.`;
  if (text && done === "spanish-saved") flash = `Saved the Spanish “${text.label}” (${text.group}). The Spanish page shows it now.`;
  if (text && done === "spanish-removed")
    flash = `Removed the Spanish “${text.label}” (${text.group}). The Spanish page shows the English words.`;

  const groups: TextGroup[] = [];
  for (const t of texts) {
    const group = groups.find((g) => g.name === t.group) ?? groups[groups.push({ name: t.group, texts: [] }) - 1]!;
    group.texts.push(t);
  }
  return {
    flash,
    groups,
    openKey: text?.key ?? null,
    changed: texts.filter((t) => !t.isDefault).length,
    total: texts.length,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { site, logger } = getBackend(context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  if (!(INTENTS as readonly string[]).includes(intent ?? "")) {
    return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }
  const key = formText(form, "key") ?? "";

  if (intent === "restore") {
    const result = await site.restoreText({ key });
    if (!result.ok) return actionError(result.status, result.error, intent, { key });
    logger.info("site text restored", { key, adminId: admin.id });
    return redirect(`/admin/site/texts?done=restored&key=${encodeURIComponent(key)}#${textAnchor(key)}`);
  }

  const value = formText(form, "value") ?? "";
  // The Spanish version is optional: sent empty, it is removed (the Spanish page shows the English).
  const locale = formText(form, "locale") === "es" ? "es" : "en";
  const values = { key, value, locale };
  const clearing = locale === "es" && value.trim() === "";
  const parsed = TextFormSchema.safeParse({ key, value: clearing ? "-" : value });
  if (!parsed.success) {
    const known = (await site.adminTexts()).some((t) => t.key === key);
    if (!known) return actionError(404, UNKNOWN_TEXT, intent, values);
    return actionError(400, parsed.error.issues[0]?.message ?? "This text cannot be saved.", intent, values);
  }
  const result = await site.saveText({ key: parsed.data.key, value: clearing ? "" : parsed.data.value, by: admin.id, locale });
  if (!result.ok) return actionError(result.status, result.error, intent, values);
  logger.info("site text saved", { key, locale, adminId: admin.id });
  const done = locale === "es" ? (clearing ? "spanish-removed" : "spanish-saved") : "saved";
  return redirect(`/admin/site/texts?done=${done}&key=${encodeURIComponent(key)}#${textAnchor(key)}`);
}

export default function SiteTexts({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, openKey, changed, total } = loaderData;
  const result = actionData as SiteFormResult | undefined;
  const resultKey = result?.values?.key ?? null;
  const isListed = groups.some((group) => group.texts.some((text) => text.key === resultKey));
  return (
    <div className="admin-page site-screen">
      <SiteHeader title="Texts">
        <p>
          The words on the home page, the about page, each service page and the questions and answers.{" "}
          {changed === 0 ? `All ${total} texts are the defaults.` : `${changed} of ${total} texts are your own words.`} Open a page's group
          to change its texts.
        </p>
        <MarkdownHelp />
      </SiteHeader>
      {/* A refusal about a text the page does not list (or no text at all) shows here. */}
      {isListed ? null : <ActionError result={result} />}
      <TextGroups groups={groups} openKey={isListed ? resultKey : openKey} result={isListed ? result : undefined} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
