import type { BeforeAfterPair } from "#app/schemas/project-view.ts";
import { BeforeAfter } from "#app/components/before-after.tsx";
import { usePageLocale, usePageT } from "#app/components/lang-text.tsx";
import { ownText } from "#app/i18n/projects.ts";

/**
 * A project's before/after pairs, each as the slider (before-after.tsx, ADR 038): a native range
 * over the two photos once its script runs, the two photos side by side with their labels
 * without JavaScript. Without a cover above them the first pair loads at once; under a
 * project's cover (`underCover`) every pair is "later" (app/browser/later-photos.ts): its files
 * would otherwise take a phone's bandwidth from the cover, the page's largest picture (bench:
 * `npm run bench -- --only=projects`). On a Spanish page each caption is the owner's Spanish
 * one when written, else the English one marked as such.
 */
export function ProjectPairs({ pairs, headingId, underCover }: { pairs: BeforeAfterPair[]; headingId: string; underCover: boolean }) {
  const locale = usePageLocale();
  const t = usePageT();
  if (pairs.length === 0) return null;
  return (
    <section className="page-section project-pairs" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("project.pairsTitle")}</h2>
      <ul className="project-pairs__list">
        {pairs.map((pair, index) => {
          const caption = ownText(locale, pair.caption, pair.captionEs);
          return (
            <li key={pair.id} className="project-pair">
              <BeforeAfter
                before={pair.before}
                after={pair.after}
                caption={caption.text || undefined}
                captionLang={caption.lang}
                headingLevel={caption.text ? 3 : undefined}
                priority={underCover ? "later" : index === 0 ? "eager" : "lazy"}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
