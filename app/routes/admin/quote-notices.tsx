import { data, redirect } from "react-router";
import type { Route } from "./+types/quote-notices";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { isNoticeTemplateId } from "#app/schemas/quote-notices.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";
import {
  NoticeCard,
  NoticePlaceholders,
  NoticesBanner,
  noticeAnchor,
  type NoticeFormResult,
} from "#app/components/admin/quote-notices.tsx";
import { EsignConsent, esignConsentWords } from "#app/components/admin/esign-consent.tsx";
import siteCss from "#app/styles/admin-site.css?url";

const PAGE = "/admin/quotes/notices";
const INTENTS = ["save", "restore"] as const;
const FIELDS = ["title", "body", "title_es", "body_es"] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Texas notices", matches);

// The Default / Changed badges are the texts page's.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: siteCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const notices = await getBackend(context).quoteNotices.adminNotices();
  const params = new URL(request.url).searchParams;
  // Only a notice the page lists is named back (never free text from the address).
  const named = notices.find((notice) => notice.id === params.get("id"));
  const done = params.get("done");
  let flash: string | null = null;
  if (named && done === "saved") flash = `Saved “${named.label}”. Quotes sent from now on carry these words.`;
  if (named && done === "restored") flash = `“${named.label}” is back to the default words.`;
  const { profile } = await getBackend(context).site.content();
  return { flash, notices, consent: esignConsentWords(profile) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { quoteNotices, logger } = getBackend(context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  const id = formText(form, "id") ?? "";
  if (!(INTENTS as readonly string[]).includes(intent ?? "")) {
    return data<NoticeFormResult>({ error: unknownIntentMessage(intent, INTENTS), intent: intent ?? null }, { status: 400 });
  }
  if (intent === "restore") {
    const result = await quoteNotices.restore({ id });
    if (!result.ok) return data<NoticeFormResult>({ error: result.error, intent, values: { id } }, { status: result.status });
    logger.info("quote notice restored", { id, adminId: admin.id });
    return redirect(`${PAGE}?done=restored&id=${id}#${noticeAnchor(id)}`);
  }
  const fields = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name) ?? ""])) as Record<(typeof FIELDS)[number], string>;
  const result = await quoteNotices.save({ id, fields });
  if (!result.ok) {
    return data<NoticeFormResult>(
      {
        error: result.error,
        intent: "save",
        values: { ...fields, id },
        ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : {}),
      },
      { status: result.status },
    );
  }
  logger.info("quote notice saved", { id, adminId: admin.id });
  return redirect(`${PAGE}?done=saved&id=${id}#${noticeAnchor(id)}`);
}

export default function QuoteNotices({ loaderData, actionData }: Route.ComponentProps) {
  const { notices } = loaderData;
  const result = actionData;
  const resultId = result?.values?.id;
  const aboutListed = isNoticeTemplateId(resultId) && notices.some((notice) => notice.id === resultId);
  return (
    <div className="admin-page">
      <p className="eyebrow">Quotes</p>
      <h1>Texas notices</h1>
      <NoticesBanner />
      <p className="admin-help">
        The notices a quote can carry, in English and Spanish. A quote carries the ones you tick on it, in the homeowner's language; a sent
        quote keeps the words it was sent with. Changes here apply to quotes sent afterwards.
      </p>
      <nav aria-label="Notices on this page">
        <ul>
          {notices.map((notice) => (
            <li key={notice.id}>
              <a href={`#${noticeAnchor(notice.id)}`}>{notice.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      {aboutListed ? null : <ActionError result={result} />}
      <NoticePlaceholders />
      <ul className="admin-list">
        {notices.map((notice) => (
          <NoticeCard key={notice.id} notice={notice} result={aboutListed && resultId === notice.id ? result : undefined} />
        ))}
      </ul>
      <EsignConsent consent={loaderData.consent} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
