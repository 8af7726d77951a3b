import type { ServiceSummary } from "./types";

// The fixed catalogue of nine services (SPEC §2 "Services", §9 "Nine services"). The long
// descriptions live in service-details.server.ts so they never ship in the browser bundle.
export const services: ServiceSummary[] = [
  {
    slug: "android-apps",
    title: "Android App Development",
    desc: "Native Android apps in Kotlin that stay fast on budget phones and flagships alike, built to pass Play Store review first time.",
    img: "/images/services/android-apps.svg",
  },
  {
    slug: "ios-apps",
    title: "iOS App Development",
    desc: "Polished iPhone and iPad apps in Swift that feel at home on Apple devices and meet App Store guidelines from the start.",
    img: "/images/services/ios-apps.svg",
  },
  {
    slug: "cross-platform-apps",
    title: "Cross-Platform Apps",
    desc: "One codebase for Android and iOS with Flutter or React Native, so you reach both stores faster and maintain a single product.",
    img: "/images/services/cross-platform-apps.svg",
  },
  {
    slug: "web-development",
    title: "Web Development",
    desc: "Fast, accessible websites and web applications, from marketing sites to complex customer portals and internal dashboards.",
    img: "/images/services/web-development.svg",
  },
  {
    slug: "blockchain",
    title: "Blockchain Solutions",
    desc: "Smart contracts, token systems and private ledgers engineered for security and auditability, with clear business value behind them.",
    img: "/images/services/blockchain.svg",
  },
  {
    slug: "dapps",
    title: "Decentralized Apps (dApps)",
    desc: "User-friendly decentralised applications that connect wallets, smart contracts and familiar web interfaces without confusing your users.",
    img: "/images/services/dapps.svg",
  },
  {
    slug: "game-development",
    title: "Game Development",
    desc: "Engaging 2D and 3D games for mobile, web and PC, from casual titles to branded experiences with in-app purchases and live events.",
    img: "/images/services/game-development.svg",
  },
  {
    slug: "crm",
    title: "CRM Solutions",
    desc: "Custom CRM systems and integrations that fit how your sales and support teams actually work, not the other way round.",
    img: "/images/services/crm.svg",
  },
  {
    slug: "saas",
    title: "SaaS Development",
    desc: "Multi-tenant SaaS products built for growth, with subscriptions, role-based access and the reliability paying customers expect.",
    img: "/images/services/saas.svg",
  },
];

export function findService(slug: string): ServiceSummary | undefined {
  return services.find((s) => s.slug === slug);
}
