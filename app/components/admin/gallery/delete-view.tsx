import type { RefObject } from "react";
import { Link, useNavigate } from "react-router";
import { DeleteConfirm } from "#app/components/admin/gallery-delete.tsx";
import type { AdminGalleryData, ListHref } from "#app/components/admin/gallery/gallery-data.ts";

/**
 * The delete question of `?delete=<id>…` (ADR 041): a dialog with JavaScript, a section at the
 * top without. Closing it goes back to the list and to where the question came from.
 */
export function GalleryDeleteView({
  data,
  hydrated,
  listHref,
  returnFocus,
}: {
  data: AdminGalleryData;
  hydrated: boolean;
  listHref: ListHref;
  /** The bulk bar's Delete…, where focus goes back after a question about several photos. */
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const navigate = useNavigate();
  if (data.confirmDelete.length === 0) return null;
  return (
    <DeleteConfirm
      key={data.confirmDelete.map((p) => p.id).join(",")}
      photos={data.confirmDelete}
      hydrated={hydrated}
      view={listHref()}
      cancelHref={listHref()}
      onClose={() => {
        void navigate(listHref(), { preventScrollReset: true, replace: true });
        // Back where the question came from: one photo's tile, or the bulk bar's Delete.
        const [only, ...more] = data.confirmDelete;
        const tileLink = only && more.length === 0 ? document.getElementById(`open-${only.id}`) : null;
        (tileLink ?? returnFocus.current)?.focus();
      }}
      renderCancelLink={(href, text) => (
        <Link to={href} preventScrollReset className="admin-link-button">
          {text}
        </Link>
      )}
    />
  );
}
