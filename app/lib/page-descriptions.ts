import { DEMO_BRAND } from "./brand";

// The public pages' meta descriptions, editable in console → Site → Search and sharing
// descriptions. These are the demo agency's (the seed), and what a page shows if the set is gone.

export const DESCRIBED_PAGES = ["home", "about", "services", "cases", "careers", "quote", "terms", "privacy"] as const;
export type DescribedPage = (typeof DESCRIBED_PAGES)[number];

export const DEMO_DESCRIPTIONS: Record<DescribedPage, string> = {
  home: `${DEMO_BRAND.name}: mobile apps, web platforms, blockchain, games, CRM and SaaS built in Pune for clients in India, the USA, Canada and the UK. Get a free quote.`,
  about: `Who we are at ${DEMO_BRAND.name}: a Pune software studio building cross-platform products with ongoing support for clients in India, the USA, Canada and the United Kingdom.`,
  services:
    "Android and iOS apps, cross-platform apps, web development, blockchain, dApps, game development, CRM and SaaS: what we build and how.",
  cases: "How we built a multi-app e-commerce suite and a creative content and anime streaming platform, and the results they delivered.",
  careers: "Open roles at our Pune studio: engineers, designers and project managers. Apply online, resume optional.",
  quote: "Tell us what you want to build. We call back within 24 hours with questions, options and an estimate.",
  terms: "Subscription, payment, suspension, third-party charges and data retention terms for our clients.",
  privacy: "What we collect, why, how long we keep it and how to have it deleted.",
};
