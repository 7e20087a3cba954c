import { useState, type DragEvent } from "react";
import { useSubmit } from "react-router";
import type { AdminTileData, TileDrag } from "#app/components/admin/gallery-tile.tsx";

/** Marks a drag as one of the page's photos (a drag of files from the computer is an upload). */
const PHOTO_DRAG_TYPE = "application/x-gallery-photo";

/**
 * Drag-to-reorder between published tiles (ADR 041): a drop posts the `move` intent with `to=`,
 * the mouse's shortcut for the edit view's Move. Only once React runs, and only for published photos.
 */
export function useTileDrag(hydrated: boolean, formAction: string): (photo: AdminTileData) => TileDrag | undefined {
  const submit = useSubmit();
  const [dragId, setDragId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);

  return function dragHandlers(photo: AdminTileData): TileDrag | undefined {
    if (!hydrated || photo.status !== "published") return undefined;
    return {
      isDragged: dragId === photo.id,
      isOver: overId === photo.id && dragId !== photo.id,
      onDragStart: (event: DragEvent<HTMLLIElement>) => {
        event.dataTransfer.setData(PHOTO_DRAG_TYPE, photo.id);
        event.dataTransfer.effectAllowed = "move";
        setDragId(photo.id);
      },
      onDragOver: (event: DragEvent<HTMLLIElement>) => {
        if (!event.dataTransfer.types.includes(PHOTO_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        setOverId(photo.id);
      },
      onDrop: (event: DragEvent<HTMLLIElement>) => {
        const moved = event.dataTransfer.getData(PHOTO_DRAG_TYPE);
        if (!moved) return;
        event.preventDefault();
        setDragId(null);
        setOverId(null);
        if (moved === photo.id) return;
        void submit({ intent: "move", photoId: moved, to: photo.id }, { method: "post", action: formAction, preventScrollReset: true });
      },
      onDragEnd: () => {
        setDragId(null);
        setOverId(null);
      },
    };
  };
}
