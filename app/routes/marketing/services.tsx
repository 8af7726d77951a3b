import { Link } from "react-router";
import type { Route } from "./+types/services";
import { PageHeader } from "~/components/page-header";
import { ServiceCard } from "~/components/service-card";
import { seo } from "~/lib/seo";
import { pageDescription, pageIntros, publishedServices } from "~/server/models/site/pages.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return seo({
    title: "Services",
    description: loaderData?.description ?? "",
    path: "/services",
    matches,
  });
}

export async function loader() {
  const [services, intros, description] = await Promise.all([publishedServices(), pageIntros(), pageDescription("services")]);
  return { services, intro: intros.services, description };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { services, intro } = loaderData;
  return (
    <>
      <PageHeader title="Our services">{intro ? <p>{intro}</p> : null}</PageHeader>
      <div className="container-page py-12">
        {services.length === 0 ? (
          <p className="text-lg text-slate-700 dark:text-slate-300">
            Our services are being written up. <Link to="/quote">Tell us about your project</Link> and we will reply with how we can help.
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service, index) => (
              <ServiceCard key={service.slug} service={service} headingLevel="h2" aboveFold={index === 0} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
