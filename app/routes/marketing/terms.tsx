import type { Route } from "./+types/terms";
import { LegalPage } from "~/components/legal-page";
import { seo } from "~/lib/seo";
import { publishedLegalPage } from "~/server/models/site/pages.server";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "Terms and Conditions",
    description: "Subscription, payment, suspension, third-party charges and data retention terms for our clients.",
    path: "/terms",
    matches,
  });
}

export async function loader() {
  const page = await publishedLegalPage("terms");
  if (!page) throw new Response("This page is not published.", { status: 404, statusText: "Not found" });
  return { page };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return <LegalPage title={page.title} updated={page.updated} html={page.html} />;
}
