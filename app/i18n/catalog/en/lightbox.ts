/** The lightbox's words (app/components/photo-gallery/lightbox-dialog.tsx, app/browser/lightbox.ts). */
export const lightbox = {
  "lightbox.fromProject": "From the project: ",
  "lightbox.photo": "Photo",
  "lightbox.position": "Photo {position} of {total}",
  "lightbox.share": "Share",
  "lightbox.shareWhat": " this photo",
  "lightbox.close": "Close",
  "lightbox.estimate": "Get a free estimate",
  "lightbox.estimateFor": " for ",
  "lightbox.project": "See the project: ",
  "lightbox.previous": "Previous photo",
  "lightbox.next": "Next photo",
  "lightbox.copied": "Link copied. Paste it in a message or an email.",
  "lightbox.failed": "That photo could not be loaded. Please check the connection and try again.",
  // The answers of lightbox.json (ADR 036) to what it cannot give, in the page's language.
  "lightbox.error.noCategory": "There is no such photo category.",
  "lightbox.error.notFound": "There is no such photo in the gallery. It may have been taken down; please reload the gallery.",
  "lightbox.error.unavailable": "The photo can’t be loaded right now. Please try again in a minute.",
} as const;
