import type { Route } from "./+types/privacy";
import { LegalPage } from "~/components/legal-page";
import { seo } from "~/lib/seo";
import { publishedLegalPage } from "~/server/models/site/pages.server";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "Privacy Policy",
    description: "What we collect, why, how long we keep it and how to have it deleted.",
    path: "/privacy",
    matches,
  });
}

export async function loader() {
  const page = await publishedLegalPage("privacy");
  if (!page) throw new Response("This page is not published.", { status: 404, statusText: "Not found" });
  return { page };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return <LegalPage title={page.title} updated={page.updated} html={page.html} />;
}
