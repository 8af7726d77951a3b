import type { Route } from "./+types/cases";
import { PageHeader } from "~/components/page-header";
import { caseStudies } from "~/content/cases";
import { seo } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "Case Studies",
    description:
      "How we built a multi-app e-commerce suite and a creative content and anime streaming platform, and the results they delivered.",
    path: "/cases",
    matches,
  });
}

export default function Cases() {
  return (
    <>
      <PageHeader title="Case Studies">
        <p>Two products, two very different audiences, and measurable results for both.</p>
      </PageHeader>
      <div className="container-page space-y-16 py-12">
        {caseStudies.map((study, i) => (
          <article key={study.id} aria-labelledby={`case-${study.id}`} className="grid items-start gap-10 lg:grid-cols-2">
            <img
              src={study.img}
              alt=""
              width="960"
              height="600"
              loading={i === 0 ? "eager" : "lazy"}
              className={`h-auto w-full rounded-2xl ${i % 2 ? "lg:order-last" : ""}`}
            />
            <div>
              <h2 id={`case-${study.id}`} className="section-title">
                {study.title}
              </h2>
              <p className="mt-2 text-lg font-medium text-brand-700 dark:text-brand-300">{study.subtitle}</p>
              <p className="mt-4 text-slate-700 dark:text-slate-300">{study.description}</p>
              <h3 className="mt-6 font-semibold text-slate-900 dark:text-white">Technologies</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {study.technologies.map((t) => (
                  <li key={t} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 dark:bg-slate-800 dark:text-brand-200">
                    {t}
                  </li>
                ))}
              </ul>
              <h3 className="mt-6 font-semibold text-slate-900 dark:text-white">Features</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
                {study.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              <h3 className="mt-6 font-semibold text-slate-900 dark:text-white">Result</h3>
              <p className="mt-2 rounded-xl bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">{study.result}</p>
            </div>
          </article>
        ))}
      </div>
    </>
  );
}
