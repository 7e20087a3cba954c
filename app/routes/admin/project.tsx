import { data, redirect } from "react-router";
import type { Route } from "./+types/project";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { PROJECT_NOT_FOUND, type ProjectChange } from "#app/server/projects/admin.server.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { projectFormValues } from "#app/schemas/project.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { AdminProjectPage } from "#app/components/admin/project-page.tsx";
import projectsCss from "#app/styles/admin-projects.css?url";

const INTENTS = [
  "save",
  "add-photos",
  "remove-photo",
  "describe",
  "move",
  "cover",
  "pair-add",
  "pair-captions",
  "pair-remove",
  "publish",
  "unpublish",
  "delete",
] as const;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(loaderData ? `Project: ${loaderData.project.title}` : "Project", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: projectsCss }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { projectAdmin } = getBackend(context);
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page") ?? "1");
  const view = await projectAdmin.view({ projectId: params.projectId, page: Number.isFinite(page) ? page : 1 });
  if (!view) throw data(PROJECT_NOT_FOUND, { status: 404 });
  return {
    flash: url.searchParams.get("done") === "created" ? `Created the project “${view.project.title}”. Now add its photos.` : null,
    // ?confirm=delete: the confirmation step before deleting (works without JavaScript).
    confirmDelete: url.searchParams.get("confirm") === "delete",
    services: projectAdmin.services(),
    ...view,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { projectAdmin } = getBackend(context);
  const form = await readAdminForm(request);
  const field = (name: string) => formText(form, name) ?? "";
  const intent = formText(form, "intent");
  const projectId = params.projectId;
  // What the answer is about, so a page without JavaScript shows it on that photo's or pair's form.
  const target = intent === "move" ? `${field("photoId")}:${field("direction")}` : field("photoId") || field("pairId") || undefined;

  let result: ProjectChange;
  switch (intent) {
    case "save":
      result = await projectAdmin.saveDetails({
        projectId,
        values: projectFormValues(field),
      });
      break;
    case "add-photos":
      result = await projectAdmin.addPhotos({
        projectId,
        photoIds: form.getAll("photoId").filter((v): v is string => typeof v === "string"),
      });
      break;
    case "remove-photo":
      result = await projectAdmin.removePhoto({ projectId, photoId: field("photoId") });
      break;
    case "describe":
      result = await projectAdmin.describePhoto({ projectId, photoId: field("photoId"), alt: field("alt") });
      break;
    case "move":
      result = await projectAdmin.movePhoto({ projectId, photoId: field("photoId"), direction: field("direction") });
      break;
    case "cover":
      result = await projectAdmin.setCover({ projectId, photoId: field("photoId") });
      break;
    case "pair-add":
      result = await projectAdmin.addPair({
        projectId,
        beforePhotoId: field("before"),
        afterPhotoId: field("after"),
        caption: field("caption"),
        captionEs: field("captionEs"),
      });
      break;
    case "pair-captions":
      result = await projectAdmin.savePairCaptions({
        projectId,
        pairId: field("pairId"),
        caption: field("caption"),
        captionEs: field("captionEs"),
      });
      break;
    case "pair-remove":
      result = await projectAdmin.removePair({ projectId, pairId: field("pairId") });
      break;
    case "publish":
      result = await projectAdmin.publish({ projectId, adminId: admin.id });
      break;
    case "unpublish":
      result = await projectAdmin.unpublish({ projectId, adminId: admin.id });
      break;
    case "delete":
      result = await projectAdmin.remove({ projectId, confirmed: field("confirm") === "yes" });
      if (result.ok) return redirect("/admin/projects?done=deleted");
      break;
    default:
      return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }
  if (!result.ok) {
    if (result.error === PROJECT_NOT_FOUND) throw data(PROJECT_NOT_FOUND, { status: 404 });
    const photoTarget = intent === "add-photos" ? undefined : target;
    return actionError(result.status, result.error, intent, {
      ...result.values,
      ...(photoTarget ? { target: photoTarget } : {}),
    });
  }
  // Data, not a redirect: the page's fetcher forms update it in place (ADR 031), and a plain
  // post without JavaScript renders the page with the same sentence.
  return {
    intent,
    ok: true as const,
    message: result.message,
    ...(target && intent !== "add-photos" ? { target } : {}),
  };
}

export default function AdminProject({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminProjectPage data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
