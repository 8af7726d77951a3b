import { data, Link } from "react-router";
import type { Route } from "./+types/service";
import { serviceDetails } from "~/content/service-details.server";
import { findService } from "~/content/services";
import { SERVICE_NOT_FOUND_MESSAGE } from "~/lib/constants";
import { seo } from "~/lib/seo";

export function loader({ params }: Route.LoaderArgs) {
  const summary = findService(params.slug);
  // An unknown slug is a real 404 for crawlers; the page still shows the spec's message.
  if (!summary) return data({ service: null }, { status: 404 });
  return { service: { ...summary, details: serviceDetails[summary.slug] ?? [] } };
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const service = loaderData?.service;
  if (!service) return [{ title: SERVICE_NOT_FOUND_MESSAGE }, { name: "robots", content: "noindex" }];
  return seo({ title: service.title, description: service.desc, path: `/service/${params.slug}`, matches });
}

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData;
  if (!service) {
    return (
      <div className="container-page py-24 text-center">
        <h1 className="section-title">{SERVICE_NOT_FOUND_MESSAGE}</h1>
        <Link to="/" className="btn-primary mt-8">
          Go Back
        </Link>
      </div>
    );
  }
  return (
    <article className="container-page py-12">
      <div className="grid items-start gap-10 lg:grid-cols-2">
        <img src={service.img} alt="" width="640" height="400" className="h-auto w-full rounded-2xl" />
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">{service.title}</h1>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{service.desc}</p>
        </div>
      </div>
      <div className="prose-copy mt-10 max-w-3xl text-slate-700 dark:text-slate-300">
        {service.details.map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </div>
      <Link to="/" className="btn-secondary mt-6">
        Back to Home
      </Link>
    </article>
  );
}
