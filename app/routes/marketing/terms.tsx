import type { Route } from "./+types/terms";
import { LegalPage } from "~/components/legal-page";
import { terms } from "~/content/legal";
import { seo } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "Terms and Conditions",
    description: "Subscription, payment, suspension, third-party charges and data retention terms for our clients.",
    path: "/terms",
    matches,
  });
}

export default function Terms() {
  return <LegalPage title="Terms and Conditions" updated={terms.updated} sections={terms.sections} />;
}
