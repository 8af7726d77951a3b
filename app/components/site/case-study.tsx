import { Link } from "react-router";
import { Picture } from "~/components/picture";
import type { CaseStudy } from "~/content/types";
import { resultFigures } from "~/lib/result-figures";

/** One case study on /cases, and its preview in the console; its result leads with its figures. */
export function CaseStudyArticle({ study, index }: { study: CaseStudy; index: number }) {
  const figures = resultFigures(study.result);
  return (
    <article aria-labelledby={`case-${study.id}`} className="grid items-start gap-10 lg:grid-cols-2">
      {study.picture ? (
        <Picture
          image={study.picture}
          sizes="(min-width: 1024px) 50vw, 100vw"
          lazy={index > 0}
          className={`block ${index % 2 ? "lg:order-last" : ""}`}
          imgClassName="h-auto w-full rounded-2xl"
        />
      ) : (
        <img
          src={study.img}
          alt=""
          width="960"
          height="600"
          loading={index === 0 ? "eager" : "lazy"}
          className={`h-auto w-full rounded-2xl ${index % 2 ? "lg:order-last" : ""}`}
        />
      )}
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
        <div className="mt-2 rounded-xl bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          {figures.length > 0 ? (
            <dl className="mb-3 grid grid-cols-2 gap-4">
              {figures.map((f) => (
                <div key={f.value + f.label} className="flex flex-col">
                  <dt className="text-sm">{f.label}</dt>
                  <dd className="order-first text-4xl font-extrabold tracking-tight text-emerald-800 dark:text-emerald-300">{f.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <p>{study.result}</p>
        </div>
        {/* Each study ends in the way to ask for the same: the link names the study it follows. */}
        <p className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-slate-700 dark:text-slate-300">
          <span>Want results like these?</span>
          <Link to="/quote" className="btn-primary" aria-describedby={`case-${study.id}`}>
            Get a Free Quote
          </Link>
        </p>
      </div>
    </article>
  );
}
