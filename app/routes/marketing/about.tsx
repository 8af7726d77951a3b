import type { Route } from "./+types/about";
import { AboutView } from "~/components/site/about-view";
import { seo } from "~/lib/seo";
import { pageDescription, publishedAbout } from "~/server/models/site/pages.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return seo({
    title: "About Us",
    description: loaderData?.description ?? "",
    path: "/about",
    matches,
  });
}

export async function loader() {
  const [about, description] = await Promise.all([publishedAbout(), pageDescription("about")]);
  return { about, description };
}

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutView about={loaderData.about} />;
}
