import type { Route } from "./+types/about";
import { PageHeader } from "~/components/page-header";
import { about } from "~/content/about";
import { seo } from "~/lib/seo";
import { brandFromMatches } from "~/lib/use-brand";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "About Us",
    description: `Who we are at ${brandFromMatches(matches).name}: a Pune software studio building cross-platform products with ongoing support for clients in India, the USA, Canada and the United Kingdom.`,
    path: "/about",
    matches,
  });
}

function Paragraphs({ items }: { items: string[] }) {
  return (
    <div className="prose-copy mt-4 text-slate-700 dark:text-slate-300">
      {items.map((p) => (
        <p key={p.slice(0, 40)}>{p}</p>
      ))}
    </div>
  );
}

export default function About() {
  return (
    <>
      <PageHeader title="About Us" />
      <div className="container-page max-w-4xl space-y-12 py-12">
        <section aria-labelledby="who-heading">
          <h2 id="who-heading" className="section-title">
            Who We Are
          </h2>
          <Paragraphs items={about.intro} />
        </section>
        <section aria-labelledby="xp-heading">
          <h2 id="xp-heading" className="section-title">
            Cross-Platform by Design
          </h2>
          <Paragraphs items={about.crossPlatform} />
        </section>
        <section aria-labelledby="support-heading">
          <h2 id="support-heading" className="section-title">
            Ongoing Support
          </h2>
          <Paragraphs items={about.ongoingSupport} />
        </section>
        <section aria-labelledby="principles-heading">
          <h2 id="principles-heading" className="section-title">
            Our Guiding Principles
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
            {about.principles.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="countries-heading">
          <h2 id="countries-heading" className="section-title">
            Countries We Serve
          </h2>
          <ul className="mt-4 flex flex-wrap gap-3">
            {about.countries.map((c) => (
              <li key={c} className="rounded-full border border-slate-300 px-4 py-2 font-medium dark:border-slate-600">
                {c}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
