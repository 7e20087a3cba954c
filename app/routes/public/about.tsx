import { Link } from "react-router";
import type { Route } from "./+types/about";
import { company } from "~/content/company";
import { PageBanner } from "~/components/page-banner";
import { pageMeta, pageTitle, publicUrlFrom } from "~/seo";

export const handle = { pageCache: true, hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: pageTitle("About us"),
    description: `${company.name} is a Houston home repair and remodeling contractor with ${company.experienceClaim}, working for homeowners and businesses.`,
    path: "/about",
    publicUrl: publicUrlFrom(matches),
    image: company.about.image,
  });

export default function About() {
  const { about } = company;
  return (
    <>
      <PageBanner title={about.heading} subtitle={`${company.location} · ${company.experienceClaim}`} />
      <section className="page-section about" aria-label="Our story">
        <div className="about__story">
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
        <img
          className="about__image"
          src={about.image.src}
          width={about.image.width}
          height={about.image.height}
          alt={about.image.alt}
          loading="lazy"
          decoding="async"
        />
      </section>
      <section className="page-section" aria-labelledby="values-title">
        <h2 id="values-title">How we work</h2>
        <ul className="values">
          {about.values.map((value) => (
            <li key={value.title}>
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
        <p className="section-more">
          <Link className="button button--primary" to="/contact">
            Request a free estimate
          </Link>
        </p>
      </section>
    </>
  );
}
