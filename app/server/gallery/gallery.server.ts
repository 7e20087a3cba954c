/**
 * The gallery feature: the one way to change the gallery and to read what its pages show.
 * The host builds it once (`createGallery`) with its database, blob store and limits; routes
 * call its verbs and turn the results into HTTP answers. Every change that public pages show
 * drops the cached pages. docs/decisions/012-gallery.md, 013-public-gallery.md
 *
 * This file only binds the dependencies to the verbs; each verb's work is in its own file.
 */
import { countPublishedPhotos, listPublishedPhotoIds } from "#app/server/repos/photo-lists.server.ts";
import { getPhotoPosition } from "#app/server/repos/photo-order.server.ts";
import { getProject } from "#app/server/repos/projects.server.ts";
import { isUuid } from "#app/server/ids.server.ts";
import { retryBlobDeletions } from "#app/server/gallery/photos.server.ts";
import { loadGalleryPage, loadServicePhotos } from "#app/server/gallery/view.server.ts";
import { tooLargeMessage } from "#app/server/gallery/upload.server.ts";
import { createGalleryContext, type GalleryOptions } from "#app/server/gallery/gallery-context.server.ts";
import { uploadPhoto } from "#app/server/gallery/upload-photo.server.ts";
import { rememberUploadChoice } from "#app/server/gallery/upload-choice.server.ts";
import { loadAdminView } from "#app/server/gallery/admin-view.server.ts";
import { bulkChange } from "#app/server/gallery/bulk.server.ts";
import { rotate } from "#app/server/gallery/rotate.server.ts";
import { saveDetails } from "#app/server/gallery/edit.server.ts";
import { move } from "#app/server/gallery/order.server.ts";
import { clearCover, setCover } from "#app/server/gallery/covers.server.ts";
import { remove } from "#app/server/gallery/delete.server.ts";
import { choosablePhotos, photoView, publishedPhoto, recentPhotos, showcasePhotos } from "#app/server/gallery/public-views.server.ts";
import { startGalleryHousekeeping } from "#app/server/gallery/gallery-housekeeping.server.ts";
import type { Gallery } from "#app/server/gallery/types.server.ts";

export { IMMUTABLE_CACHE_CONTROL } from "#app/server/gallery/photos.server.ts";
export type { GalleryPage, PhotoView } from "#app/server/gallery/view.server.ts";
export type { GalleryOptions } from "#app/server/gallery/gallery-context.server.ts";
export type * from "#app/server/gallery/types.server.ts";
export { ADMIN_PAGE_SIZE, IMPORTED_DRAFT_NOTE } from "#app/server/gallery/admin-view.server.ts";
export { BULK_MAX } from "#app/server/gallery/bulk.server.ts";
export { bulkMessage } from "#app/server/gallery/bulk-message.server.ts";

export function createGallery(options: GalleryOptions): Gallery {
  const ctx = createGalleryContext(options);
  const { db, deps, mediaUrl, maxBytes } = ctx;
  return {
    mediaUrl,
    uploadPolicy: { maxBytes, tooLargeMessage: tooLargeMessage(maxBytes) },
    upload: (input) => uploadPhoto(ctx, input),
    adminView: (input) => loadAdminView(ctx, input),
    choosablePhotos: () => choosablePhotos(ctx),
    rememberUploadChoice: (input) => rememberUploadChoice(ctx, input),
    projectExists: async (projectId) => isUuid(projectId) && (await getProject({ db, id: projectId })) !== null,
    bulk: (input) => bulkChange(ctx, input),
    rotate: (input) => rotate(ctx, input),
    retryFileDeletions: () => retryBlobDeletions({ deps }),
    positionOf: (photoId) => getPhotoPosition({ db, id: photoId }),
    countPublished: () => countPublishedPhotos({ db }),
    saveDetails: (input) => saveDetails(ctx, input),
    move: (input) => move(ctx, input),
    setCover: (input) => setCover(ctx, input),
    clearCover: (input) => clearCover(ctx, input),
    remove: (input) => remove(ctx, input),
    page: ({ category, page }) => loadGalleryPage({ db, mediaUrl, category, page }),
    servicePhotos: ({ service, limit }) => loadServicePhotos({ db, mediaUrl, service, limit }),
    photoView: (input) => photoView(ctx, input),
    // The sitemap lists the gallery's photo pages; a before photo's page is reached from its project (ADR 060).
    publishedPhotoIds: () => listPublishedPhotoIds({ db, finishedOnly: true }),
    spanishPhotoIds: () => listPublishedPhotoIds({ db, finishedOnly: true, inSpanish: true }),
    showcasePhotos: (services) => showcasePhotos(ctx, services),
    publishedPhoto: (photoId) => publishedPhoto(ctx, photoId),
    recentPhotos: (limit) => recentPhotos(ctx, limit),
    startHousekeeping: (input) => startGalleryHousekeeping(ctx, input),
  };
}
