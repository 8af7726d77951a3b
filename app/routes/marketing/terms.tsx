import type { Route } from "./+types/terms";
import { LegalPage } from "~/components/legal-page";
import { seo } from "~/lib/seo";
import { pageDescription, publishedLegalPage } from "~/server/models/site/pages.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return seo({
    title: "Terms and Conditions",
    description: loaderData?.description ?? "",
    path: "/terms",
    matches,
  });
}

export async function loader() {
  const [page, description] = await Promise.all([publishedLegalPage("terms"), pageDescription("terms")]);
  if (!page) throw new Response("This page is not published.", { status: 404, statusText: "Not found" });
  return { page, description };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return <LegalPage title={page.title} updated={page.updated} html={page.html} />;
}
