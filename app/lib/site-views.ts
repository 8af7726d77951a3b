import type { CaseStudy, ClientLogo, LeadershipEntry, ServiceSummary } from "~/content/types";
import type { ImageInfo } from "./images";
import type { ContentData } from "./site-content";

// Stored content data as the shapes the public components take (app/content/types.ts), so the
// pages read the same whether the content came from the seed or an editor.

const str = (data: ContentData, key: string): string => (typeof data[key] === "string" ? (data[key] as string) : "");
const list = (data: ContentData, key: string): string[] => (Array.isArray(data[key]) ? (data[key] as string[]) : []);

export function toServiceSummary(data: ContentData, slug: string | null): ServiceSummary {
  return { slug: slug ?? str(data, "slug"), title: str(data, "title"), desc: str(data, "desc"), img: str(data, "img") };
}

export function toCaseStudy(id: string, data: ContentData): CaseStudy {
  return {
    id,
    title: str(data, "title"),
    subtitle: str(data, "subtitle"),
    description: str(data, "description"),
    technologies: list(data, "technologies"),
    features: list(data, "features"),
    result: str(data, "result"),
    img: str(data, "img"),
  };
}

/** A service page: its card fields and its long description already rendered (server-side Markdown). */
export interface ServicePage extends ServiceSummary {
  detailsHtml: string;
}

/** "left | right" lines (a home figure, a process step) as their two parts. */
export function pairsOf(lines: string[]): [string, string][] {
  return lines.map((line) => {
    const at = line.indexOf("|");
    return at < 0 ? [line.trim(), ""] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
  });
}

export interface HomeContent {
  /** `picture`: the uploaded hero image (set by the server); without one the built-in illustration shows. */
  hero: { headline: string; tagline: string; picture?: ImageInfo };
  primaryCta: string;
  secondaryCta: string;
  stats: { value: string; label: string }[];
  processSteps: { title: string; body: string }[];
  collaboration: { heading: string; body: string; cta: string };
}

export function toHome(data: ContentData): HomeContent {
  return {
    hero: { headline: str(data, "headline"), tagline: str(data, "tagline") },
    primaryCta: str(data, "primaryCta"),
    secondaryCta: str(data, "secondaryCta"),
    stats: pairsOf(list(data, "stats")).map(([value, label]) => ({ value, label })),
    processSteps: pairsOf(list(data, "processSteps")).map(([title, body]) => ({ title, body })),
    collaboration: { heading: str(data, "collaborationHeading"), body: str(data, "collaborationBody"), cta: str(data, "collaborationCta") },
  };
}

export function toLeadership(id: string, data: ContentData): LeadershipEntry {
  return { id, name: str(data, "name"), title: str(data, "title"), quote: str(data, "quote"), image: str(data, "image") };
}

export function toLogo(data: ContentData): ClientLogo {
  return { name: str(data, "name"), img: str(data, "img") };
}

export function toFaq(data: ContentData): { question: string; answer: string } {
  return { question: str(data, "question"), answer: str(data, "answer") };
}

/** Everything the home page shows from the site's content (its testimonials come from pipeline/). */
export interface HomePageContent {
  home: HomeContent;
  /** The line above the services (an empty one is left out). */
  servicesIntro: string;
  services: ServiceSummary[];
  leadership: LeadershipEntry[];
  logos: ClientLogo[];
  faqs: { question: string; answer: string }[];
}

/** /about: its three texts already rendered from Markdown on the server, its two lists. */
export interface AboutContent {
  intro: string;
  crossPlatform: string;
  ongoingSupport: string;
  principles: string[];
  countries: string[];
}
