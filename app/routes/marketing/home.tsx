import { replace } from "react-router";
import type { Route } from "./+types/home";
import { HomeView } from "~/components/site/home-view";
import { seo } from "~/lib/seo";
import { brandFromMatches } from "~/lib/use-brand";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { homeDashboardEnabled } from "~/server/http/home-dashboard-cookie.server";
import { getSessionUser } from "~/server/auth/session.server";
import { liveSince } from "~/server/events/sse.server";
import { listVisibleTestimonials } from "~/server/models/pipeline/testimonials.server";
import { organizationJsonLdFor } from "~/server/models/site/organization.server";
import { pageDescription, publishedHomePage } from "~/server/models/site/pages.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { name } = brandFromMatches(matches);
  return seo({
    title: name,
    description: loaderData?.description ?? "",
    path: "/",
    matches,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  if (homeDashboardEnabled(request) && (await getSessionUser(request))) throw replace("/dashboard");
  // No form token here: this page is cached for anonymous visitors; the quote modal fetches its own.
  const liveFrom = liveSince(["testimonial.changed"]);
  const [testimonials, content, description, organization] = await Promise.all([
    listVisibleTestimonials(),
    publishedHomePage(),
    pageDescription("home"),
    organizationJsonLdFor(),
  ]);
  return { testimonials, ...content, liveFrom, description, organization };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation("/events/testimonials", ["testimonials"], loaderData.liveFrom);
  const { testimonials, liveFrom: _liveFrom, organization, ...content } = loaderData;
  return (
    <>
      <HomeView content={content} testimonials={testimonials} />
      {/* The agency as search engines describe it: on the home page, where they look for it. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: organization }} />
    </>
  );
}
