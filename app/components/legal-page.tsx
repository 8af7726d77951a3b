import { PageHeader } from "./page-header";

/** /terms and /privacy: the text is the published Markdown, rendered on the server (raw HTML off). */
export function LegalPage({ title, updated, html }: { title: string; updated: string; html: string }) {
  return (
    <>
      <PageHeader title={title}>
        <p className="text-base">Last updated: {updated}</p>
      </PageHeader>
      <div
        className="legal-copy container-page max-w-3xl py-12 text-slate-700 dark:text-slate-300"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}
