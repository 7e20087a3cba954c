import { data, redirect } from "react-router";
import type { Route } from "./+types/gallery";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, isUuid, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { bulkMessage, type AdminListQuery, type BulkAction, type Gallery, type GalleryChange } from "#app/server/gallery/gallery.server.ts";
import { getService } from "#app/content/services.ts";
import { serviceSlugs, type ServiceSlug } from "#app/schemas/content.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { AdminGalleryPage } from "#app/components/admin/gallery-page.tsx";
import { listViewParams } from "#app/components/admin/gallery-view.ts";
import galleryCss from "#app/styles/admin-gallery.css?url";

const BULK_INTENTS = {
  "bulk-publish": "publish",
  "bulk-project": "project",
  "bulk-service": "service",
  "bulk-unproject": "unproject",
  "bulk-delete": "delete",
} as const satisfies Record<string, BulkAction>;
const INTENTS = ["publish", "save", "move", "delete", "cover", "uncover", "rotate", "upload-choice", ...Object.keys(BULK_INTENTS)] as const;
const PHOTO_NOT_FOUND = "We couldn't find that photo. It may have been deleted.";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Gallery", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: galleryCss }];

/** The list's filter and page from the address; a malformed one is a 400 with a sentence. */
async function readListQuery(params: URLSearchParams, gallery: Gallery): Promise<AdminListQuery> {
  const show = params.get("show") ?? "all";
  if (show !== "all" && show !== "drafts" && show !== "published") {
    throw data("That list does not exist: show all photos, drafts or published ones.", { status: 400 });
  }
  const rawPage = params.get("page") ?? "1";
  if (!/^[1-9]\d{0,4}$/.test(rawPage)) throw data("The page number must be a whole number from 1.", { status: 400 });
  const service = params.get("service") || null;
  if (service !== null && !(serviceSlugs as readonly string[]).includes(service)) {
    throw data("We don't know that service. Please choose one from the list.", { status: 400 });
  }
  const projectId = params.get("project") || null;
  if (projectId !== null && !(await gallery.projectExists(projectId))) {
    throw data("We couldn't find that project. It may have been deleted.", { status: 404 });
  }
  const spanish = params.get("spanish") || null;
  if (spanish !== null && spanish !== "missing") {
    throw data("That list does not exist: spanish=missing lists the photos still without their Spanish words.", { status: 400 });
  }
  return { show, page: Number(rawPage), service: service as ServiceSlug | null, projectId, spanish };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const { gallery } = getBackend(context);
  const url = new URL(request.url);
  const query = await readListQuery(url.searchParams, gallery);
  // ?edit=<id>: the photo's edit view (a dialog with JavaScript); ?photo=<id> alone (a link to one
  // photo's field, from the go-live checklist) opens it too. ?delete=<id> (repeated): the
  // confirmation step before deleting those photos.
  const editId = url.searchParams.get("edit") ?? (url.searchParams.has("done") ? null : url.searchParams.get("photo"));
  const view = await gallery.adminView({
    adminId: admin.id,
    query,
    editId: isUuid(editId) ? editId : null,
    confirmDeleteIds: url.searchParams
      .getAll("delete")
      .filter((id) => isUuid(id))
      .slice(0, 200),
  });
  return { flash: await flashMessage(url.searchParams, gallery, view.counts.published, view.projects), ...view };
}

/** What the last action did, from the codes its redirect carried (never free text). */
async function flashMessage(
  params: URLSearchParams,
  gallery: Gallery,
  total: number,
  projects: { id: string; title: string }[],
): Promise<string | null> {
  const done = params.get("done");
  const photoId = params.get("photo");
  const count = (name: string) => {
    const value = params.get(name) ?? "0";
    return /^\d{1,4}$/.test(value) ? Number(value) : 0;
  };
  if (done?.startsWith("bulk-")) {
    const named = params.get("named") ?? "";
    const name = done === "bulk-moved" ? (projects.find((p) => p.id === named)?.title ?? null) : (getService(named)?.title ?? null);
    return bulkMessage(done, { n: count("n"), k: count("k"), gone: count("gone") }, name);
  }
  switch (done) {
    case "published":
      return "Image uploaded successfully";
    case "saved":
      return "Saved the photo's details.";
    case "deleted":
      return "Deleted the photo and all its files.";
    case "rotated":
      return "Turned the photo. Its pages show it the new way round.";
    case "moved": {
      const position = isUuid(photoId) ? await gallery.positionOf(photoId) : null;
      return position === null ? "Moved the photo." : `Moved the photo to position ${position + 1} of ${total}.`;
    }
    case "cover": {
      const service = getService(params.get("service") ?? "");
      return service ? `This photo is now the cover of the ${service.title} page.` : null;
    }
    case "uncover": {
      const service = getService(params.get("service") ?? "");
      return service ? `The ${service.title} page shows its artwork again.` : null;
    }
    default:
      return null;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { gallery } = getBackend(context);
  const form = await readAdminForm(request);
  const field = (name: string) => formText(form, name);
  const intent = field("intent");
  if (!(INTENTS as readonly string[]).includes(intent ?? "")) {
    return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }
  // The list the form was on (filter, page, and an open edit view: the forms post to its address), to go back to.
  const view = listViewParams(new URL(request.url).searchParams);
  if (intent === "uncover") return answer(await gallery.clearCover({ service: field("service") ?? "" }), intent, view);
  if (intent === "upload-choice") {
    await gallery.rememberUploadChoice({
      adminId: admin.id,
      service: field("category") ?? "",
      projectId: field("projectId") ?? "",
    });
    return { ok: true };
  }
  if (intent && intent in BULK_INTENTS) {
    const ids = form.getAll("ids").filter((id): id is string => typeof id === "string");
    const bulkAction = BULK_INTENTS[intent as keyof typeof BULK_INTENTS];
    const confirmed = field("confirm") === "yes";
    // Without JavaScript, Delete goes to the confirmation step first (with it, a dialog asks).
    if (bulkAction === "delete" && !confirmed && ids.length > 0 && ids.every((id) => isUuid(id))) {
      view.delete("edit");
      for (const id of ids.slice(0, 200)) view.append("delete", id);
      return redirect(`/admin/gallery?${view}#confirm-delete`);
    }
    const result = await gallery.bulk({
      action: bulkAction,
      photoIds: ids,
      projectId: field("projectId"),
      category: field("category"),
      confirmed,
      adminId: admin.id,
    });
    return answer(result, intent, view);
  }

  const photoId = field("photoId");
  if (!isUuid(photoId)) return actionError(404, PHOTO_NOT_FOUND, intent);
  let result: GalleryChange;
  if (intent === "publish" || intent === "save") {
    const values = {
      caption: field("caption") ?? "",
      alt: field("alt") ?? "",
      ...(form.has("captionEs") ? { captionEs: field("captionEs") ?? "" } : {}),
      ...(form.has("altEs") ? { altEs: field("altEs") ?? "" } : {}),
      category: field("category") ?? "",
      ...(form.has("projectId") ? { projectId: field("projectId") ?? "" } : {}),
    };
    result = await gallery.saveDetails({ photoId, values, publish: intent === "publish", adminId: admin.id });
    // Saved or published: the edit view has done its job.
    view.delete("edit");
  } else if (intent === "move") {
    result = await gallery.move({
      photoId,
      target: { to: field("to"), direction: field("direction"), position: field("position") },
    });
  } else if (intent === "cover") {
    result = await gallery.setCover({ photoId });
  } else if (intent === "rotate") {
    result = await gallery.rotate({ photoId, direction: field("direction") ?? "" });
  } else {
    result = await gallery.remove({ photoId, confirmed: field("confirm") === "yes" });
    view.delete("edit");
  }
  return answer(result, intent, view);
}

/** A done change goes back to the list with a code saying what was done; a refusal is shown on it. */
function answer(result: GalleryChange, intent: string | undefined, view: URLSearchParams) {
  if (!result.ok) return actionError(result.status, result.error, intent, result.values);
  const params = new URLSearchParams({ done: result.done });
  if (result.photoId) params.set("photo", result.photoId);
  if (result.service) params.set(result.counts ? "named" : "service", result.service);
  if (result.project) params.set("named", result.project);
  if (result.counts) {
    params.set("n", String(result.counts.n));
    if (result.counts.k) params.set("k", String(result.counts.k));
    if (result.counts.gone) params.set("gone", String(result.counts.gone));
  }
  for (const [key, value] of view) if (!params.has(key)) params.set(key, value);
  return redirect(`/admin/gallery?${params}`);
}

export default function AdminGallery({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminGalleryPage data={loaderData} actionData={actionData && "error" in actionData ? actionData : undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
