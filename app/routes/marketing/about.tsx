import type { Route } from "./+types/about";
import { AboutView } from "~/components/site/about-view";
import { seo } from "~/lib/seo";
import { publishedAbout } from "~/server/models/site/pages.server";
import { brandFromMatches } from "~/lib/use-brand";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "About Us",
    description: `Who we are at ${brandFromMatches(matches).name}: a Pune software studio building cross-platform products with ongoing support for clients in India, the USA, Canada and the United Kingdom.`,
    path: "/about",
    matches,
  });
}

export async function loader() {
  return { about: await publishedAbout() };
}

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutView about={loaderData.about} />;
}
