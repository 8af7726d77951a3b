import { href, Link } from "react-router";
import type { Route } from "./+types/site-preview";
import { LegalPage } from "~/components/legal-page";
import { PageHeader } from "~/components/page-header";
import { AboutView } from "~/components/site/about-view";
import { CaseStudyArticle } from "~/components/site/case-study";
import { HomeView } from "~/components/site/home-view";
import { ServiceDetail } from "~/components/site/service-detail";
import { brandFromMatches } from "~/lib/use-brand";
import { requireStaff } from "~/server/auth/session.server";
import { listVisibleTestimonials } from "~/server/models/pipeline/testimonials.server";
import { homePageWithDraft, pageIntros, toAbout, toCaseStudyPage, toLegalPage, toServicePage } from "~/server/models/site/pages.server";
import { requireContentType, requireSiteItem } from "./site.server";

// The draft as its public page would show it, with the public components: staff only, read fresh
// on every request (never the published cache, never the HTML cache: a signed-in request), and
// kept out of search engines.

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [
    { title: `Preview: ${loaderData?.title ?? "draft"} | ${brandFromMatches(matches).name}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "site");
  const def = requireContentType(params.type);
  const item = await requireSiteItem(def, params.id);
  const editHref = href("/employee-dashboard/site/:type/:id", { type: def.type, id: item.id });
  const slug = typeof item.draft.slug === "string" ? item.draft.slug : null;
  const none = { service: null, caseStudy: null, legal: null, home: null, about: null, intro: "" };
  if (def.type === "services") return { title: item.title, editHref, ...none, service: await toServicePage(item.draft, slug) };
  if (def.type === "legal") return { title: item.title, editHref, ...none, legal: toLegalPage(item.draft) };
  if (def.type === "about") return { title: item.title, editHref, ...none, about: toAbout(item.draft) };
  if (def.type === "cases")
    return {
      title: item.title,
      editHref,
      ...none,
      caseStudy: await toCaseStudyPage(item.id, item.draft),
      intro: (await pageIntros()).cases,
    };
  // The home page's parts: the whole page, with this draft in place and everything else as published.
  const [content, testimonials] = await Promise.all([homePageWithDraft(def.type, item.id, item.draft), listVisibleTestimonials()]);
  return { title: item.title, editHref, ...none, home: { content, testimonials } };
}

export default function SitePreview({ loaderData }: Route.ComponentProps) {
  const { service, caseStudy, legal, home, about, intro, editHref } = loaderData;
  return (
    <>
      <div
        role="note"
        className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      >
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
          <p>
            <strong>Preview of the draft.</strong> Visitors do not see it until it is published.
          </p>
          <Link to={editHref} className="font-semibold underline underline-offset-2">
            Back to the editor
          </Link>
        </div>
      </div>
      {service ? <ServiceDetail service={service} /> : null}
      {about ? <AboutView about={about} /> : null}
      {home ? <HomeView content={home.content} testimonials={home.testimonials} /> : null}
      {legal ? <LegalPage title={legal.title} updated={legal.updated} html={legal.html} /> : null}
      {caseStudy ? (
        <>
          <PageHeader title="Case Studies">{intro ? <p>{intro}</p> : null}</PageHeader>
          <div className="container-page space-y-16 py-12">
            <CaseStudyArticle study={caseStudy} index={0} />
          </div>
        </>
      ) : null}
    </>
  );
}
