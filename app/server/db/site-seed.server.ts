import { about } from "~/content/about";
import { caseStudies } from "~/content/cases";
import { collaboration, faqs, hero, processSteps, stats } from "~/content/home";
import { leadership } from "~/content/leadership";
import { privacy, terms, type LegalSection } from "~/content/legal";
import { clientLogos } from "~/content/logos";
import { serviceDetails } from "~/content/service-details.server";
import { services } from "~/content/services";
import { DEMO_DESCRIPTIONS } from "~/lib/page-descriptions";
import type { ContentData } from "~/lib/site-content";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

// The demo content (app/content/*.ts) as version 1 of published site items: run once, by the
// migration that creates the tables, so a new install shows exactly the pages the code showed
// before content became editable. Fixed ids: a second run (another instance) inserts nothing.

interface SeedItem {
  id: string;
  type: string;
  slug: string | null;
  data: ContentData;
}

/** The items the seed holds, in their public order. */
export function seedItems(): SeedItem[] {
  const items: SeedItem[] = [];
  services.forEach((s, order) =>
    items.push({
      id: `service-${s.slug}`,
      type: "services",
      slug: s.slug,
      data: {
        title: s.title,
        slug: s.slug,
        desc: s.desc,
        details: (serviceDetails[s.slug] ?? []).join("\n\n"),
        img: s.img,
        order,
        visible: true,
      },
    }),
  );
  caseStudies.forEach((c, order) =>
    items.push({
      id: c.id,
      type: "cases",
      slug: null,
      data: {
        title: c.title,
        subtitle: c.subtitle,
        description: c.description,
        technologies: c.technologies,
        features: c.features,
        result: c.result,
        img: c.img,
        order,
        visible: true,
      },
    }),
  );
  items.push({
    id: "home",
    type: "home",
    slug: null,
    data: {
      headline: hero.headline,
      tagline: hero.tagline,
      primaryCta: "Get a Free Quote",
      secondaryCta: "Explore Services",
      stats: stats.map((s) => `${s.value} | ${s.label}`),
      processSteps: processSteps.map((s) => `${s.title} | ${s.body}`),
      collaborationHeading: collaboration.heading,
      collaborationBody: collaboration.body,
      collaborationCta: "Start a Project",
    },
  });
  // The one-line introductions above the lists, which the page code used to hold.
  items.push({
    id: "intros",
    type: "intros",
    slug: null,
    data: {
      title: "Page introductions",
      homeServices: "Nine practices, one team: pick the one you need or combine them into a complete product.",
      services: "From a first prototype to a platform serving thousands, one team designs, builds and supports it.",
      cases: "Two products, two very different audiences, and measurable results for both.",
    },
  });
  // What search results and shared links show under each page's title (the pages' code held them).
  items.push({
    id: "descriptions",
    type: "descriptions",
    slug: null,
    data: { title: "Search and sharing descriptions", ...DEMO_DESCRIPTIONS },
  });
  items.push({
    id: "about",
    type: "about",
    slug: null,
    data: {
      title: "About Us",
      intro: about.intro.join("\n\n"),
      crossPlatform: about.crossPlatform.join("\n\n"),
      ongoingSupport: about.ongoingSupport.join("\n\n"),
      principles: about.principles,
      countries: about.countries,
    },
  });
  leadership.forEach((l, order) =>
    items.push({
      id: `leader-${l.id}`,
      type: "leadership",
      slug: null,
      data: { name: l.name, title: l.title, quote: l.quote, image: l.image, order, visible: true },
    }),
  );
  clientLogos.forEach((logo, order) =>
    items.push({
      id: `logo-${logo.img.replace(/^.*\//, "").replace(/\.\w+$/, "")}`,
      type: "logos",
      slug: null,
      data: { name: logo.name, img: logo.img, order, visible: true },
    }),
  );
  faqs.forEach((f, order) =>
    items.push({ id: `faq-${order + 1}`, type: "faq", slug: null, data: { question: f.question, answer: f.answer, order, visible: true } }),
  );
  // The legal texts with the demo brand's name and address filled in, as the pages showed them.
  const legalBody = (sections: LegalSection[]) => sections.map((s) => [`## ${s.heading}`, ...s.paragraphs].join("\n\n")).join("\n\n");
  items.push({
    id: "terms",
    type: "legal",
    slug: "terms",
    data: { title: "Terms and Conditions", updated: terms.updated, body: legalBody(terms.sections) },
  });
  items.push({
    id: "privacy",
    type: "legal",
    slug: "privacy",
    data: { title: "Privacy Policy", updated: privacy.updated, body: legalBody(privacy.sections) },
  });
  return items;
}

export async function seedSiteContent(database: Kysely<Database>, now = Date.now()): Promise<number> {
  let inserted = 0;
  for (const item of seedItems()) {
    const versionId = `${item.id}-v1`;
    const json = JSON.stringify(item.data);
    const result = await database
      .insertInto("siteItems")
      .values({
        id: item.id,
        type: item.type,
        slug: item.slug,
        sortOrder: Number(item.data.order ?? 0),
        visible: 1,
        publishedVersionId: versionId,
        draftData: json,
        lockVersion: 1,
        origin: "seed",
        createdAt: now,
        updatedAt: now,
        updatedBy: null,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    inserted++;
    await database
      .insertInto("siteVersions")
      .values({
        id: versionId,
        itemId: item.id,
        number: 1,
        data: json,
        restoredFrom: null,
        createdBy: null,
        createdAt: now,
        publishedAt: now,
      })
      .execute();
  }
  return inserted;
}
