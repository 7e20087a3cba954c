import { Link, redirect } from "react-router";
import type { Route } from "./+types/site-photos";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { photoSlots, type PhotoSlot } from "#app/schemas/site.ts";
import { defaultArtwork } from "#app/content/company.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { SiteHeader } from "#app/components/admin/site-shared.tsx";
import { PhotoSlotForm, type PhotoChoice } from "#app/components/admin/site-photos.tsx";
import siteCss from "#app/styles/admin-site.css?url";

const INTENTS = ["choose"] as const;
const LABEL_MAX = 60;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Photos", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: siteCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { site, gallery } = getBackend(context);
  const [view, choices] = await Promise.all([gallery.choosablePhotos(), site.photoChoices()]);
  const photos: PhotoChoice[] = view.published.map((photo) => {
    const text = (photo.caption || photo.alt).trim().replace(/\s+/g, " ") || "Photo without a caption";
    return {
      id: photo.id,
      label: text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text,
      alt: photo.alt,
      thumb: photo.webp[0] ?? photo.large,
    };
  });
  const isPublished = (id: string | null) => id !== null && photos.some((photo) => photo.id === id);
  const params = new URL(request.url).searchParams;
  return {
    flash: flashMessage(params.get("done"), params.get("slot")),
    photos,
    drafts: view.drafts,
    chosen: Object.fromEntries(photoSlots.map((slot) => [slot, isPublished(choices[slot]) ? choices[slot] : null])) as Record<
      PhotoSlot,
      string | null
    >,
    // A choice whose photo was since unpublished or deleted: the drawing shows instead.
    gone: photoSlots.filter((slot) => choices[slot] !== null && !isPublished(choices[slot])),
  };
}

/** Where each slot's photo shows, as the messages of this page say it. */
const slotPages: Record<PhotoSlot, string> = { hero: "home page", about: "about page", contact: "contact page" };

function flashMessage(done: string | null, slot: string | null): string | null {
  const page = (photoSlots as readonly string[]).includes(slot ?? "") ? slotPages[slot as PhotoSlot] : null;
  if (!page) return null;
  const where = `The ${page}`;
  if (done === "photo") return `${where} shows your photo now.`;
  if (done === "drawing") return `${where} shows the drawing again.`;
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { site, logger } = getBackend(context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  if (intent !== "choose") return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  const slot = formText(form, "slot") ?? "";
  const photoId = formText(form, "photoId") ?? "";
  const result = await site.choosePhoto({ slot, photoId: photoId === "" ? null : photoId });
  if (!result.ok) return actionError(result.status, result.error, intent, { slot });
  logger.info("site photo chosen", { slot, photoId: photoId || null, adminId: admin.id });
  return redirect(`/admin/site/photos?done=${photoId ? "photo" : "drawing"}&slot=${slot}`);
}

export default function SitePhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { photos, drafts, chosen, gone } = loaderData;
  const resultSlot = actionData?.values?.slot;
  const isSlot = (photoSlots as readonly string[]).includes(resultSlot ?? "");
  return (
    <div className="admin-page site-screen">
      <SiteHeader title="Photos">
        <p>
          Show your own work instead of the drawings. Choose from the photos published in your <Link to="/admin/gallery">gallery</Link>.
          Each service page's photo is chosen in the gallery too: use “Make cover” on a photo there.
        </p>
      </SiteHeader>
      {isSlot ? null : <ActionError result={actionData} />}
      {gone.length > 0 ? (
        <div className="admin-notice">
          <p>
            A photo you chose for the {gone.map((slot) => slotPages[slot]).join(" and the ")} is no longer published, so the drawing shows
            there. Choose another photo below.
          </p>
        </div>
      ) : null}
      {photos.length === 0 ? (
        <div className="admin-empty site-photos-empty">
          <p>
            {drafts > 0
              ? `Your gallery has no published photos yet (${drafts === 1 ? "1 draft is" : `${drafts} drafts are`} waiting for alt text). `
              : "Your gallery has no photos yet. "}
            Until it has some, the site shows the drawings.
          </p>
          <p>
            <Link to="/admin/gallery" className="admin-link-button">
              {drafts > 0 ? "Publish photos in the gallery" : "Upload photos to the gallery"}
            </Link>
          </p>
        </div>
      ) : (
        photoSlots.map((slot: PhotoSlot) => (
          <PhotoSlotForm
            key={`${slot}-${chosen[slot] ?? "drawing"}`}
            slot={slot}
            photos={photos}
            chosenId={chosen[slot]}
            drawing={defaultArtwork[slot]}
            result={resultSlot === slot ? actionData : undefined}
          />
        ))
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
