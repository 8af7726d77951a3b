import { Picture } from "~/components/picture";
import { Link } from "react-router";
import { AutoScrollStrip } from "~/components/auto-scroll-strip";
import { LeadershipCarousel } from "~/components/leadership-carousel";
import { useQuoteDialog } from "~/components/quote-dialog";
import { ServiceCard } from "~/components/service-card";
import { TitledSection } from "~/components/site/titled-section";
import type { Testimonial } from "~/content/types";
import { LOGOS_INTERVAL_MS, TESTIMONIALS_INTERVAL_MS } from "~/lib/constants";
import type { HomePageContent } from "~/lib/site-views";

/** The home page's sections from its content, for "/" and for a draft's preview in the console. */
export function HomeView({ content, testimonials }: { content: HomePageContent; testimonials: Testimonial[] }) {
  const quote = useQuoteDialog();
  const { services, leadership, logos: clientLogos, faqs, home } = content;
  const { hero, stats, processSteps, collaboration } = home;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="container-page grid items-center gap-10 py-16 md:grid-cols-2 md:py-24">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">{hero.headline}</h1>
            <p className="mt-5 text-lg text-slate-700 dark:text-slate-300">{hero.tagline}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <form action="/quote" method="get">
                <button className="btn-primary px-6 py-3 text-base" {...quote.triggerProps()}>
                  {home.primaryCta}
                </button>
              </form>
              <Link to="/services" className="btn-secondary px-6 py-3 text-base">
                {home.secondaryCta}
              </Link>
            </div>
          </div>
          {hero.picture ? (
            // Half the page's width beside the text from md (768px), the whole width below it.
            <Picture image={hero.picture} sizes="(min-width: 768px) 50vw, 100vw" priority imgClassName="h-auto w-full" />
          ) : (
            <img
              src="/images/hero.svg"
              alt="Illustration of app screens, code and charts around a kite"
              width="720"
              height="560"
              fetchPriority="high"
              className="h-auto w-full"
            />
          )}
        </div>
      </section>

      {stats.length > 0 ? (
        <section aria-labelledby="stats-heading" className="border-y border-slate-200 dark:border-slate-800">
          <h2 id="stats-heading" className="sr-only">
            At a glance
          </h2>
          <dl className="container-page grid grid-cols-2 gap-6 py-10 text-center md:grid-cols-4">
            {stats.map((s) => (
              <div key={s.label}>
                <dt className="text-sm text-slate-600 dark:text-slate-400">{s.label}</dt>
                <dd className="order-first text-3xl font-bold text-brand-700 dark:text-brand-300">{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      {/* With no published service (an empty site), the section goes rather than show an empty grid. */}
      {services.length > 0 ? (
        <TitledSection headingId="services-heading" title="Our services" className="container-page py-12 sm:py-16">
          {content.servicesIntro ? <p className="mt-3 max-w-2xl text-slate-600 dark:text-slate-300">{content.servicesIntro}</p> : null}
          {/* On a phone the nine cards are one row to swipe (the next card peeks in), not nine
              screens of scrolling; /services keeps them all in a column. A grid from sm on. */}
          <ul className="swipe-row-services mt-10">
            {services.map((service) => (
              <ServiceCard key={service.slug} service={service} className="swipe-item sm:w-auto" />
            ))}
          </ul>
        </TitledSection>
      ) : null}

      {processSteps.length > 0 ? (
        <TitledSection headingId="process-heading" title="How we work" shaded>
          <ol className="swipe-row-steps mt-10">
            {processSteps.map((step, i) => (
              <li key={step.title} className="swipe-item rounded-2xl bg-white p-6 shadow-sm md:w-auto dark:bg-slate-950">
                <span className="text-sm font-semibold text-brand-700 dark:text-brand-300">Step {i + 1}</span>
                <h3 className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">{step.title}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{step.body}</p>
              </li>
            ))}
          </ol>
        </TitledSection>
      ) : null}

      <section aria-labelledby="collab-heading" className="container-page py-12 sm:py-16">
        <div className="rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12 dark:bg-brand-900">
          <h2 id="collab-heading" className="text-3xl font-bold">
            {collaboration.heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-brand-100">{collaboration.body}</p>
          <form action="/quote" method="get">
            <button className="btn mt-8 bg-white px-6 py-3 text-base text-brand-800 hover:bg-brand-50" {...quote.triggerProps()}>
              {collaboration.cta}
            </button>
          </form>
        </div>
      </section>

      {leadership.length > 0 ? (
        <TitledSection headingId="leadership-heading" title="Words from our leadership" shaded headingClassName="text-center">
          <div className="mt-10">
            <LeadershipCarousel people={leadership} />
          </div>
        </TitledSection>
      ) : null}

      <TitledSection headingId="testimonials-heading" title="What our clients say" className="container-page py-12 sm:py-16">
        <div className="mt-8">
          <AutoScrollStrip intervalMs={TESTIMONIALS_INTERVAL_MS} label="Client testimonials">
            {testimonials.map((t) => (
              <li
                key={t.id}
                className="w-80 shrink-0 snap-start rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
              >
                <figure>
                  <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{t.category}</span>
                  <blockquote className="mt-3 text-slate-700 dark:text-slate-200">“{t.review}”</blockquote>
                  <figcaption className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">{t.name}</figcaption>
                </figure>
              </li>
            ))}
          </AutoScrollStrip>
        </div>
      </TitledSection>

      {clientLogos.length > 0 ? (
        <section aria-labelledby="trusted-heading" className="border-t border-slate-200 py-12 dark:border-slate-800">
          <div className="container-page">
            <h2
              id="trusted-heading"
              className="text-center text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
            >
              Trusted by teams at
            </h2>
            <div className="mt-6">
              <AutoScrollStrip intervalMs={LOGOS_INTERVAL_MS} label="Client logos" className="items-center">
                {clientLogos.map((logo) => (
                  <li key={logo.name} className="shrink-0 snap-start px-4">
                    {logo.picture ? (
                      // 48px high like the built-in logos; the company's name is its text alternative.
                      <Picture image={logo.picture} height={48} alt={logo.name} lazy />
                    ) : (
                      <img src={logo.img} alt={logo.name} width="160" height="48" loading="lazy" />
                    )}
                  </li>
                ))}
              </AutoScrollStrip>
            </div>
          </div>
        </section>
      ) : null}

      {faqs.length > 0 ? (
        <TitledSection headingId="faq-heading" title="Frequently asked questions" shaded className="max-w-3xl">
          <div className="mt-8 space-y-3">
            {faqs.map((f) => (
              <details key={f.question} className="rounded-xl bg-white p-5 dark:bg-slate-950">
                <summary className="cursor-pointer font-semibold text-slate-900 dark:text-white">{f.question}</summary>
                <p className="mt-3 text-slate-600 dark:text-slate-300">{f.answer}</p>
              </details>
            ))}
          </div>
        </TitledSection>
      ) : null}
      {quote.dialog}
    </>
  );
}
