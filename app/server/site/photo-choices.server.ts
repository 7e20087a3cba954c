/** The photos chosen for the home hero, the about page and /contact: published gallery photos, or the drawings. */
import { photoSlots, type PhotoChoices } from "#app/schemas/site.ts";
import { getPhotoChoices, setPhotoChoice } from "#app/server/repos/site-profile.server.ts";
import { change, refused, type SiteContext } from "#app/server/site/site-context.server.ts";
import type { SiteChange } from "#app/server/site/types.server.ts";

export async function photoChoices({ db }: SiteContext): Promise<PhotoChoices> {
  const choices = await getPhotoChoices({ db });
  return Object.fromEntries(photoSlots.map((slot) => [slot, choices.get(slot) ?? null])) as PhotoChoices;
}

/** Chooses a published photo for a slot, or clears it (photoId "" or null: the drawing again). */
export const choosePhoto = (ctx: SiteContext, { slot, photoId }: { slot: string; photoId: string | null }): Promise<SiteChange> =>
  change(ctx, async () => {
    const { db } = ctx;
    if (!(photoSlots as readonly string[]).includes(slot))
      return refused(400, "Please choose where the photo goes: the home page, the about page or the contact page.");
    if (!photoId) {
      await setPhotoChoice({ db, slot, photoId: null });
      return { ok: true };
    }
    if (!(await ctx.gallery.publishedPhoto(photoId))) {
      return refused(404, "That photo is not published in the gallery: publish it first, then choose it.");
    }
    await setPhotoChoice({ db, slot, photoId });
    return { ok: true };
  });
