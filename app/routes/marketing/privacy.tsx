import type { Route } from "./+types/privacy";
import { LegalPage } from "~/components/legal-page";
import { privacy } from "~/content/legal";
import { seo } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "Privacy Policy",
    description: "What we collect, why, how long we keep it and how to have it deleted.",
    path: "/privacy",
    matches,
  });
}

export default function Privacy() {
  return <LegalPage title="Privacy Policy" updated={privacy.updated} sections={privacy.sections} />;
}
