import type { Route } from "./+types/privacy";
import { LegalPage } from "~/components/legal-page";
import { seo } from "~/lib/seo";
import { pageDescription, publishedLegalPage } from "~/server/models/site/pages.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return seo({
    title: "Privacy Policy",
    description: loaderData?.description ?? "",
    path: "/privacy",
    matches,
  });
}

export async function loader() {
  const [page, description] = await Promise.all([publishedLegalPage("privacy"), pageDescription("privacy")]);
  if (!page) throw new Response("This page is not published.", { status: 404, statusText: "Not found" });
  return { page, description };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return <LegalPage title={page.title} updated={page.updated} html={page.html} />;
}
