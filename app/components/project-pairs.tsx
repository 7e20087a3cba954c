import type { BeforeAfterPair } from "#app/schemas/project-view.ts";
import { BeforeAfter } from "#app/components/before-after.tsx";

/**
 * A project's before/after pairs, each as the slider (before-after.tsx, ADR 038): a native range
 * over the two photos once its script runs, the two photos side by side with their labels
 * without JavaScript. Without a cover above them the first pair loads at once; under a
 * project's cover (`underCover`) every pair is "later" (app/browser/later-photos.ts): its files
 * would otherwise take a phone's bandwidth from the cover, the page's largest picture (bench:
 * `npm run bench -- --only=projects`).
 */
export function ProjectPairs({ pairs, headingId, underCover }: { pairs: BeforeAfterPair[]; headingId: string; underCover: boolean }) {
  if (pairs.length === 0) return null;
  return (
    <section className="page-section project-pairs" aria-labelledby={headingId}>
      <h2 id={headingId}>Before and after</h2>
      <ul className="project-pairs__list">
        {pairs.map((pair, index) => (
          <li key={pair.id} className="project-pair">
            <BeforeAfter
              before={pair.before}
              after={pair.after}
              caption={pair.caption || undefined}
              headingLevel={pair.caption ? 3 : undefined}
              priority={underCover ? "later" : index === 0 ? "eager" : "lazy"}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
