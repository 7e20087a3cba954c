import { srcSet, photoHref, type GalleryPhoto } from "#app/schemas/photo-view.ts";

/**
 * What the lightbox needs to show a photo that is not on the grid's page
 * (GET /gallery/photo/:id/lightbox.json, docs/decisions/036-photo-pages.md): the same fields the
 * grid's markup carries, plus its neighbours and place in the listing it was opened from.
 */
export interface LightboxPhoto {
  id: string;
  href: string;
  src: string;
  srcset: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
  previousId: string | null;
  nextId: string | null;
  position: number;
  total: number;
}

export function toLightboxPhoto(view: {
  photo: GalleryPhoto;
  previousId: string | null;
  nextId: string | null;
  position: number;
  total: number;
}): LightboxPhoto {
  const { photo } = view;
  return {
    id: photo.id,
    href: photoHref(photo.id),
    src: photo.large.url,
    srcset: srcSet(photo.webp),
    width: photo.large.width,
    height: photo.large.height,
    alt: photo.alt,
    caption: photo.caption.trim() ? photo.caption : "",
    previousId: view.previousId,
    nextId: view.nextId,
    position: view.position,
    total: view.total,
  };
}
