import type { Route } from "./+types/services";
import { PageHeader } from "~/components/page-header";
import { ServiceCard } from "~/components/service-card";
import { services } from "~/content/services";
import { seo } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "Services",
    description:
      "Android and iOS apps, cross-platform apps, web development, blockchain, dApps, game development, CRM and SaaS: what we build and how.",
    path: "/services",
    matches,
  });
}

export default function Services() {
  return (
    <>
      <PageHeader title="Our Services">
        <p>From a first prototype to a platform serving thousands, one team designs, builds and supports it.</p>
      </PageHeader>
      <div className="container-page py-12">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service, index) => (
            <ServiceCard key={service.slug} service={service} headingLevel="h2" aboveFold={index === 0} />
          ))}
        </ul>
      </div>
    </>
  );
}
