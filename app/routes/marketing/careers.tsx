import type { Route } from "./+types/careers";
import { PageHeader } from "~/components/page-header";
import { baseUrlFrom, seo } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "Careers",
    description: "Open roles at our Pune studio: engineers, designers and project managers. Apply online, resume optional.",
    path: "/careers",
    baseUrl: baseUrlFrom(matches),
  });
}

// Openings are read from the database once the data layer lands (issue 3).
export default function Careers() {
  return (
    <>
      <PageHeader title="Careers">
        <p>Join a small, senior team that ships products people use every day.</p>
      </PageHeader>
      <div className="container-page py-12">
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No active openings at the moment.
        </p>
      </div>
    </>
  );
}
