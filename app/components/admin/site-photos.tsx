import { Form } from "react-router";
import type { Artwork } from "#app/schemas/content.ts";
import type { PhotoSource } from "#app/schemas/photo-view.ts";
import type { PhotoSlot } from "#app/schemas/site-rules.ts";
import type { AdminActionError } from "#app/schemas/admin-action.ts";

/** A published photo as the picker shows it: its smallest WebP and a short name. */
export interface PhotoChoice {
  id: string;
  label: string;
  alt: string;
  thumb: PhotoSource;
}

const slotTexts: Record<PhotoSlot, { title: string; help: string; button: string }> = {
  hero: {
    title: "The big photo at the top of the home page",
    help: "The first thing a visitor sees. A wide photo of a finished job works best.",
    button: "Use for the home page",
  },
  about: {
    title: "You or your crew, on the about page",
    help: "Homeowners want to see who comes to their house: a photo of you, the owner, or of your crew at work.",
    button: "Use for the about page",
  },
  contact: {
    title: "The photo on the contact page",
    help: "You, your crew or your truck: a friendly face next to the estimate form. Small on a phone, so the form still comes first.",
    button: "Use for the contact page",
  },
};

/**
 * One slot's choice: the drawing or any published photo, as a grid of radio buttons with
 * thumbnails, and a button that saves it. Plain HTML that posts without JavaScript.
 */
export function PhotoSlotForm({
  slot,
  photos,
  chosenId,
  drawing,
  result,
}: {
  slot: PhotoSlot;
  photos: readonly PhotoChoice[];
  /** The photo chosen now, when it is still published; null shows the drawing. */
  chosenId: string | null;
  drawing: Artwork;
  result?: AdminActionError;
}) {
  const text = slotTexts[slot];
  const headingId = `slot-${slot}-title`;
  const chosen = photos.find((photo) => photo.id === chosenId) ?? null;
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.title}</h2>
      <p className="admin-help">{text.help}</p>
      <p>
        Now: <strong>{chosen ? `your photo “${chosen.label}”` : "the drawing"}</strong>.
      </p>
      {result ? (
        <div className="admin-alert" role="alert">
          <p>{result.error}</p>
        </div>
      ) : null}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="choose" />
        <input type="hidden" name="slot" value={slot} />
        <fieldset className="site-photo-picker">
          <legend className="visually-hidden">{text.title}</legend>
          <ul className="site-photo-grid">
            <li>
              <input type="radio" id={`${slot}-drawing`} name="photoId" value="" defaultChecked={!chosen} className="site-photo-radio" />
              <label htmlFor={`${slot}-drawing`} className="site-photo-option">
                <img src={drawing.src} width={drawing.width} height={drawing.height} alt="" loading="lazy" />
                <span>Use the drawing</span>
              </label>
            </li>
            {photos.map((photo) => (
              <li key={photo.id}>
                <input
                  type="radio"
                  id={`${slot}-${photo.id}`}
                  name="photoId"
                  value={photo.id}
                  defaultChecked={photo.id === chosen?.id}
                  className="site-photo-radio"
                />
                <label htmlFor={`${slot}-${photo.id}`} className="site-photo-option">
                  <img src={photo.thumb.url} width={photo.thumb.width} height={photo.thumb.height} alt="" loading="lazy" />
                  <span>{photo.label}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button type="submit" className="admin-button">
          {text.button}
        </button>
      </Form>
    </section>
  );
}
