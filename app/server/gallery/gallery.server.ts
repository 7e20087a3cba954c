/**
 * The gallery feature: the one way to change the gallery and to read what its pages show.
 * The host builds it once (`createGallery`) with its database, blob store and limits; routes
 * call its verbs and turn the results into HTTP answers. Every change that public pages show
 * drops the cached pages. docs/decisions/012-gallery.md, 013-public-gallery.md
 *
 * This file only binds the dependencies to the verbs; each verb's work is in its own file.
 */
import { countPublishedPhotos, listPublishedPhotoIds } from "../repos/photo-lists.server.ts";
import { getPhotoPosition } from "../repos/photo-order.server.ts";
import { getProject } from "../repos/projects.server.ts";
import { isUuid } from "../ids.server.ts";
import { retryBlobDeletions } from "./photos.server.ts";
import { loadGalleryPage, loadServicePhotos } from "./view.server.ts";
import { tooLargeMessage } from "./upload.server.ts";
import { createGalleryContext, type GalleryOptions } from "./gallery-context.server.ts";
import { uploadPhoto } from "./upload-photo.server.ts";
import { rememberUploadChoice } from "./upload-choice.server.ts";
import { loadAdminView } from "./admin-view.server.ts";
import { bulkChange } from "./bulk.server.ts";
import { rotate } from "./rotate.server.ts";
import { saveDetails } from "./edit.server.ts";
import { move } from "./order.server.ts";
import { clearCover, setCover } from "./covers.server.ts";
import { remove } from "./delete.server.ts";
import { choosablePhotos, photoView, publishedPhoto, recentPhotos } from "./public-views.server.ts";
import { startGalleryHousekeeping } from "./gallery-housekeeping.server.ts";
import type { Gallery } from "./types.server.ts";

export { IMMUTABLE_CACHE_CONTROL } from "./photos.server.ts";
export type { GalleryPage, PhotoView } from "./view.server.ts";
export type { GalleryOptions } from "./gallery-context.server.ts";
export type * from "./types.server.ts";
export { ADMIN_PAGE_SIZE, IMPORTED_DRAFT_NOTE } from "./admin-view.server.ts";
export { BULK_MAX } from "./bulk.server.ts";
export { bulkMessage } from "./bulk-message.server.ts";

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
    publishedPhotoIds: () => listPublishedPhotoIds({ db }),
    publishedPhoto: (photoId) => publishedPhoto(ctx, photoId),
    recentPhotos: (limit) => recentPhotos(ctx, limit),
    startHousekeeping: (input) => startGalleryHousekeeping(ctx, input),
  };
}
