import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import type { AdminTileData } from "#app/components/admin/gallery-tile.tsx";
import type { UploadItem } from "#app/components/admin/gallery-uploader.tsx";

interface UploadCards {
  visibleUploads: UploadItem[];
  setUploads: Dispatch<SetStateAction<UploadItem[]>>;
  pickRef: RefObject<HTMLButtonElement | null>;
  onPublish: () => void;
}

/** The upload cards of this visit, and focus back on "pick photos" once one is published. */
export function useUploadCards(photos: AdminTileData[]): UploadCards {
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const pickRef = useRef<HTMLButtonElement>(null);
  const focusPickAfterPublish = useRef(false);
  // A published upload has done its job: its card goes, and the page is ready for the next photo.
  const knownPublished = new Set(photos.filter((p) => p.status === "published").map((p) => p.id));
  const visibleUploads = uploads.filter((item) => !(item.photo && knownPublished.has(item.photo.id)));
  useEffect(() => {
    if (!focusPickAfterPublish.current || visibleUploads.length === uploads.length) return;
    focusPickAfterPublish.current = false;
    pickRef.current?.focus();
  });
  return { visibleUploads, setUploads, pickRef, onPublish: () => (focusPickAfterPublish.current = true) };
}
