import { expect, test } from "vitest";
import { caseStudies } from "~/content/cases";
import { privacy, terms } from "~/content/legal";
import { leadership } from "~/content/leadership";
import { serviceDetails } from "~/content/service-details.server";
import { findService, services } from "~/content/services";
import { publicPaths } from "~/lib/public-pages";

const text = (doc: { sections: { heading: string; paragraphs: string[] }[] }) =>
  doc.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join(" ");

test("The catalogue has the nine services with the spec's slugs, in order", () => {
  expect(services.map((s) => s.slug)).toEqual([
    "android-apps",
    "ios-apps",
    "cross-platform-apps",
    "web-development",
    "blockchain",
    "dapps",
    "game-development",
    "crm",
    "saas",
  ]);
  for (const s of services) {
    expect(serviceDetails[s.slug]?.length).toBeGreaterThanOrEqual(2);
    expect(s.img).toBe(`/images/services/${s.slug}.svg`);
  }
  expect(findService("crm")?.slug).toBe("crm");
  expect(findService("nope")).toBeUndefined();
});

test("There are two case studies with the claimed results", () => {
  expect(caseStudies).toHaveLength(2);
  const results = caseStudies.map((c) => c.result).join(" ");
  expect(results).toContain("40% fewer delivery delays");
  expect(results).toContain("65% better vendor order efficiency");
  expect(results).toContain("over 10,000 active users in 3 months");
});

test("Leadership has the CEO and Founder, then the COO and Co-Founder", () => {
  expect(leadership.map((l) => l.title)).toEqual(["CEO and Founder", "COO and Co-Founder"]);
});

test("The terms state every business constant of the spec", () => {
  const t = text(terms);
  for (const fact of ["six-month", "upfront", "5th", "15th", "5 business days", "60 days", "590 rupees"]) {
    expect(t).toContain(fact);
  }
});

test("The privacy policy repeats retention, deletion after dues and Indian law", () => {
  const p = text(privacy);
  for (const fact of ["60 days", "590 rupees", "dues", "Indian law"]) expect(p).toContain(fact);
});

test("The sitemap covers every service page", () => {
  expect(publicPaths()).toContain("/service/saas");
  expect(publicPaths()).toHaveLength(8 + 9);
});
