import type { LegalSection } from "~/content/legal";
import { PageHeader } from "./page-header";

export function LegalPage({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  return (
    <>
      <PageHeader title={title}>
        <p className="text-base">Last updated: {updated}</p>
      </PageHeader>
      <div className="container-page max-w-3xl py-12">
        {sections.map((section) => (
          <section key={section.heading} className="mb-10">
            <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{section.heading}</h2>
            <div className="prose-copy mt-3 text-slate-700 dark:text-slate-300">
              {section.paragraphs.map((p) => (
                <p key={p.slice(0, 48)}>{p}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
