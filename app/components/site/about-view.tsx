import { PageHeader } from "~/components/page-header";
import { TitledSection } from "~/components/site/titled-section";
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
          <TitledSection headingId="who-heading" title="Who we are">
            <Copy html={about.intro} />
          </TitledSection>
        ) : null}
        {about.crossPlatform ? (
          <TitledSection headingId="xp-heading" title="Cross-platform by design">
            <Copy html={about.crossPlatform} />
          </TitledSection>
        ) : null}
        {about.ongoingSupport ? (
          <TitledSection headingId="support-heading" title="Ongoing support">
            <Copy html={about.ongoingSupport} />
          </TitledSection>
        ) : null}
        {about.principles.length ? (
          <TitledSection headingId="principles-heading" title="Our guiding principles">
            <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
              {about.principles.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </TitledSection>
        ) : null}
        {about.countries.length ? (
          <TitledSection headingId="countries-heading" title="Countries we serve">
            <ul className="mt-4 flex flex-wrap gap-3">
              {about.countries.map((c) => (
                <li key={c} className="rounded-full border border-slate-300 px-4 py-2 font-medium dark:border-slate-600">
                  {c}
                </li>
              ))}
            </ul>
          </TitledSection>
        ) : null}
      </div>
    </>
  );
}
