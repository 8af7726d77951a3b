import { PageHeader } from "~/components/page-header";
import type { AboutContent } from "~/lib/site-views";

/** Paragraphs rendered on the server from Markdown (raw HTML off). */
function Copy({ html }: { html: string }) {
  return <div className="prose-copy mt-4 text-slate-700 dark:text-slate-300" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** /about, and its draft's preview in the console. A section left empty is left out. */
export function AboutView({ about }: { about: AboutContent }) {
  return (
    <>
      <PageHeader title="About Us" />
      <div className="container-page max-w-4xl space-y-12 py-12">
        {about.intro ? (
          <section aria-labelledby="who-heading">
            <h2 id="who-heading" className="section-title">
              Who We Are
            </h2>
            <Copy html={about.intro} />
          </section>
        ) : null}
        {about.crossPlatform ? (
          <section aria-labelledby="xp-heading">
            <h2 id="xp-heading" className="section-title">
              Cross-Platform by Design
            </h2>
            <Copy html={about.crossPlatform} />
          </section>
        ) : null}
        {about.ongoingSupport ? (
          <section aria-labelledby="support-heading">
            <h2 id="support-heading" className="section-title">
              Ongoing Support
            </h2>
            <Copy html={about.ongoingSupport} />
          </section>
        ) : null}
        {about.principles.length ? (
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
        ) : null}
        {about.countries.length ? (
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
        ) : null}
      </div>
    </>
  );
}
