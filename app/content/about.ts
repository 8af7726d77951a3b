import { site } from "./site";

// Copy for /about (SPEC §2: intro, cross-platform, ongoing support, principles, countries).
export const about = {
  intro: [
    `${site.name} is a software development company based in ${site.address.city}, India. We design, build and support mobile apps, web platforms, blockchain solutions, games, CRM systems and SaaS products for start-ups and established businesses.`,
    "Our team brings together product designers, engineers, testers and project managers who work as one unit with each client. We keep teams small and senior, so the people you meet at the start are the people who build your product.",
    "We care about outcomes more than output. Every project begins with a clear understanding of what success looks like for your business, and we report progress against that goal from the first sprint to launch and beyond.",
  ],
  crossPlatform: [
    "Your customers move between phones, tablets and laptops throughout the day, and they expect your product to follow them. We build for Android, iOS and the web from a shared design system, so the experience feels consistent wherever people use it.",
    "Where it makes sense, we use Flutter or React Native to ship one codebase to both app stores, cutting development time and long-term maintenance costs. When a product needs the very best performance or deep hardware access, we build natively in Kotlin and Swift instead, and we will always explain why.",
  ],
  ongoingSupport: [
    "Launch day is the beginning of a product's life, not the end of our involvement. After release we monitor performance, crashes and user feedback, apply security updates and keep your apps compatible with new operating system versions.",
    "Our support plans include a dedicated point of contact, a client portal for raising and tracking requests, and agreed response times. As your business grows, the same team that built your product helps you plan and deliver the next round of features.",
  ],
  principles: [
    "Honest advice, even when it means recommending a smaller or simpler solution.",
    "Transparent pricing, clear timelines and working software demonstrated every sprint.",
    "Security, privacy and accessibility built in from the first line of code.",
    "Clean, documented code that you own outright and any capable team can maintain.",
    "Small, senior teams who stay with your project from discovery to long-term support.",
    "A callback within 24 hours of every enquiry, and prompt replies throughout the project.",
  ],
  countries: [...site.countriesServed] as string[],
};
