import { Link } from "react-router";
import { Picture } from "~/components/picture";
import { QuoteCallToAction } from "~/components/site/quote-call-to-action";
import type { ServicePage } from "~/lib/site-views";

/** /service/{slug}, and its preview in the console: one component, so the preview is the page. */
export function ServiceDetail({ service }: { service: ServicePage }) {
  return (
    <article className="container-page py-12">
      <div className="grid items-start gap-10 lg:grid-cols-2">
        {service.picture ? (
          // Half the page's width beside the text from lg (1024px), the whole width below it.
          <Picture image={service.picture} sizes="(min-width: 1024px) 50vw, 100vw" priority imgClassName="h-auto w-full rounded-2xl" />
        ) : (
          <img src={service.img} alt="" width="640" height="400" className="h-auto w-full rounded-2xl" />
        )}
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">{service.title}</h1>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{service.desc}</p>
        </div>
      </div>
      {/* Rendered on the server from Markdown with raw HTML off (models/site/markdown.server.ts). */}
      <div
        className="prose-copy mt-10 max-w-3xl text-slate-700 dark:text-slate-300"
        dangerouslySetInnerHTML={{ __html: service.detailsHtml }}
      />
      <QuoteCallToAction headingId="service-quote-heading" heading="Have a project like this in mind?" />
      {/* SPEC §2: the page ends with its Back to Home button. */}
      <Link to="/" className="btn-secondary mt-6">
        Back to Home
      </Link>
    </article>
  );
}
