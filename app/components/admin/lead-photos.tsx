/** One photo of the job (made by `server/leads/job-photos.server.ts`): its addresses and the thumbnail's size. */
export interface LeadPhotoView {
  id: string;
  fileName: string;
  thumbUrl: string;
  largeUrl: string;
  thumbWidth: number;
  thumbHeight: number;
}

/**
 * The homeowner's photos of the job on the request's page: thumbnails in a grid, each a link to
 * the large one. They are served only to admins (app/routes/admin/lead-photo.ts). Nothing is
 * shown for a request without photos.
 */
export function LeadPhotos({ photos, name }: { photos: readonly LeadPhotoView[]; name: string }) {
  if (photos.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="lead-photos">
      <h2 id="lead-photos">Photos of the job ({photos.length})</h2>
      <ul className="lead-photos">
        {photos.map((photo, i) => {
          const alt = `Photo ${i + 1} of ${photos.length} from ${name}`;
          return (
            <li key={photo.id}>
              <a href={photo.largeUrl} target="_blank" rel="noopener" title={photo.fileName}>
                <img src={photo.thumbUrl} alt={alt} width={photo.thumbWidth} height={photo.thumbHeight} loading="lazy" decoding="async" />
              </a>
              <span className="lead-photos__name admin-break">{photo.fileName}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
