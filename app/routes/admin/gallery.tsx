import { redirect } from "react-router";
import type { Route } from "./+types/gallery";
import { requireAdmin } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { actionError, formText, isUuid, readAdminForm, unknownIntentMessage } from "~/server/forms.server";
import type { Gallery, GalleryChange } from "~/server/gallery/gallery.server";
import { getService } from "~/content/services";
import { adminMeta } from "~/components/admin/meta";
import { AdminError } from "~/components/admin/admin-error";
import { AdminGalleryPage } from "~/components/admin/gallery-page";
import galleryCss from "~/styles/admin-gallery.css?url";

const INTENTS = ["publish", "save", "move", "delete", "cover", "uncover"] as const;
const PHOTO_NOT_FOUND = "We couldn't find that photo. It may have been deleted.";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Gallery", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: galleryCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { gallery } = getServices(context);
  const url = new URL(request.url);
  // ?delete=<id>: the confirmation step before deleting (the page without JavaScript shows it).
  const deleteId = url.searchParams.get("delete");
  const view = await gallery.adminView({ confirmDeleteId: isUuid(deleteId) ? deleteId : null });
  return { flash: await flashMessage(url.searchParams, gallery, view.total), ...view };
}

/** What the last action did, from the codes its redirect carried (never free text). */
async function flashMessage(params: URLSearchParams, gallery: Gallery, total: number): Promise<string | null> {
  const done = params.get("done");
  const photoId = params.get("photo");
  switch (done) {
    case "published":
      return "Image uploaded successfully";
    case "saved":
      return "Saved the photo's details.";
    case "deleted":
      return "Deleted the photo and all its files.";
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
  const { gallery } = getServices(context);
  const form = await readAdminForm(request);
  const field = (name: string) => formText(form, name);
  const intent = field("intent");
  if (!(INTENTS as readonly string[]).includes(intent ?? "")) {
    return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }
  if (intent === "uncover") return answer(await gallery.clearCover({ service: field("service") ?? "" }), intent);

  const photoId = field("photoId");
  if (!isUuid(photoId)) return actionError(404, PHOTO_NOT_FOUND, intent);
  let result: GalleryChange;
  if (intent === "publish" || intent === "save") {
    const values = { caption: field("caption") ?? "", alt: field("alt") ?? "", category: field("category") ?? "" };
    result = await gallery.saveDetails({ photoId, values, publish: intent === "publish", adminId: admin.id });
  } else if (intent === "move") {
    result = await gallery.move({ photoId, target: { to: field("to"), direction: field("direction"), position: field("position") } });
  } else if (intent === "cover") {
    result = await gallery.setCover({ photoId });
  } else {
    result = await gallery.remove({ photoId, confirmed: field("confirm") === "yes" });
  }
  return answer(result, intent);
}

/** A done change goes back to the page with a code saying what was done; a refusal is shown on it. */
function answer(result: GalleryChange, intent: string | undefined) {
  if (!result.ok) return actionError(result.status, result.error, intent, result.values);
  const params = new URLSearchParams({ done: result.done });
  if (result.photoId) params.set("photo", result.photoId);
  if (result.service) params.set("service", result.service);
  return redirect(`/admin/gallery?${params}`);
}

export default function AdminGallery({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminGalleryPage data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
