import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/service";
import { ServiceDetail } from "~/components/site/service-detail";
import { SERVICE_NOT_FOUND_MESSAGE } from "~/lib/constants";
import { seo } from "~/lib/seo";
import { redirectedSlug } from "~/server/models/site/content-read.server";
import { publishedServicePage } from "~/server/models/site/pages.server";

export async function loader({ params }: Route.LoaderArgs) {
  const service = await publishedServicePage(params.slug);
  if (service) return { service };
  // A slug an editor changed keeps answering: permanently moved to the service's current page.
  const moved = await redirectedSlug("services", params.slug);
  if (moved) throw redirect(`/service/${moved}`, 301);
  // An unknown slug is a real 404 for crawlers; the page still shows the spec's message.
  return data({ service: null }, { status: 404 });
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const service = loaderData?.service;
  if (!service) return [{ title: SERVICE_NOT_FOUND_MESSAGE }, { name: "robots", content: "noindex" }];
  return seo({ title: service.title, description: service.desc, path: `/service/${params.slug}`, matches });
}

export default function ServicePageRoute({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData;
  if (!service) {
    return (
      <div className="container-page py-24 text-center">
        <h1 className="section-title">{SERVICE_NOT_FOUND_MESSAGE}</h1>
        <Link to="/" className="btn-secondary mt-8">
          Go Back
        </Link>
      </div>
    );
  }
  return <ServiceDetail service={service} />;
}
