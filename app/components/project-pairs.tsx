import type { BeforeAfterPair } from "~/projects/project";
import { PhotoPicture } from "./photo-picture";

/** Two photos side by side from 40rem (app.css `.project-pair__photos`), one above the other on a phone. */
const PAIR_SIZES = "(min-width: 72rem) 560px, (min-width: 40rem) 48vw, 100vw";

/**
 * A project's before/after pairs: each pair as two labelled photos, side by side, each with its
 * own description. The one place the pairs are drawn, so the slider (before-after.tsx) can take
 * over here alone; this is also what a page shows without JavaScript.
 */
export function ProjectPairs({ pairs, headingId }: { pairs: BeforeAfterPair[]; headingId: string }) {
  if (pairs.length === 0) return null;
  return (
    <section className="page-section project-pairs" aria-labelledby={headingId}>
      <h2 id={headingId}>Before and after</h2>
      <ul className="project-pairs__list">
        {pairs.map((pair) => (
          <li key={pair.id} className="project-pair">
            <div className="project-pair__photos">
              <figure className="project-pair__photo">
                <PhotoPicture photo={pair.before} sizes={PAIR_SIZES} className="project-pair__img" />
                <figcaption className="project-pair__label">Before</figcaption>
              </figure>
              <figure className="project-pair__photo">
                <PhotoPicture photo={pair.after} sizes={PAIR_SIZES} className="project-pair__img" />
                <figcaption className="project-pair__label">After</figcaption>
              </figure>
            </div>
            {pair.caption ? <p className="project-pair__caption">{pair.caption}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
