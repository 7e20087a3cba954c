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
} as const;
