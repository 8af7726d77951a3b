import { DEMO_DESCRIPTIONS, type DescribedPage } from "~/lib/page-descriptions";
import type { CaseStudy, ServiceSummary } from "~/content/types";
import type { ContentData } from "~/lib/site-content";
import {
  toCaseStudy,
  toFaq,
  toHome,
  toLeadership,
  toLogo,
  toServiceSummary,
  type AboutContent,
  type HomeContent,
  type HomePageContent,
  type ServicePage,
} from "~/lib/site-views";
import { contentPicture, withPictures } from "./content-images.server";
import { publishedBySlug, publishedItems } from "./content-read.server";
import { renderMarkdown } from "./markdown.server";

// The public pages' content, published and visible, in the shapes their components take.

export async function publishedServices(): Promise<ServiceSummary[]> {
  return withPictures(
    (await publishedItems("services")).map((item) => toServiceSummary(item.data, item.slug)),
    "img",
  );
}

/** A service page from its data: the published one, or a draft for the console's preview. */
export async function toServicePage(data: ContentData, slug: string | null): Promise<ServicePage> {
  const details = typeof data.details === "string" ? data.details : "";
  const [summary] = await withPictures([toServiceSummary(data, slug)], "img");
  return { ...summary!, detailsHtml: renderMarkdown(details) };
}

export async function publishedServicePage(slug: string): Promise<ServicePage | undefined> {
  const item = await publishedBySlug("services", slug);
  return item ? toServicePage(item.data, item.slug) : undefined;
}

export async function publishedCaseStudies(): Promise<CaseStudy[]> {
  return withPictures(
    (await publishedItems("cases")).map((item) => toCaseStudy(item.id, item.data)),
    "img",
  );
}

/** A case study from its data, with its upload's picture (the console's preview). */
export async function toCaseStudyPage(id: string, data: ContentData): Promise<CaseStudy> {
  const [study] = await withPictures([toCaseStudy(id, data)], "img");
  return study!;
}

export interface LegalPageContent {
  title: string;
  updated: string;
  html: string;
  version: number;
}

export function toLegalPage(data: ContentData, version = 0): LegalPageContent {
  const text = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : "");
  return { title: text("title"), updated: text("updated"), html: renderMarkdown(text("body")), version };
}

/** /terms or /privacy as published (undefined only if an operator hid it). */
export async function publishedLegalPage(id: "terms" | "privacy"): Promise<LegalPageContent | undefined> {
  const item = (await publishedItems("legal")).find((i) => i.id === id);
  return item ? toLegalPage(item.data, item.number) : undefined;
}

/** The privacy policy's published version number, recorded with each consent (decision 0051); null before any. */
export async function publishedPrivacyVersion(): Promise<number | null> {
  return (await publishedItems("legal")).find((i) => i.id === "privacy")?.number ?? null;
}

/** The home page as it would read with one item's draft in place of its published version (the console's preview). */
export async function homePageWithDraft(type: string, id: string, draft: ContentData): Promise<HomePageContent> {
  const content = await publishedHomePage();
  if (type === "home") return { ...content, home: await homeWithPicture(draft) };
  if (type === "intros") return { ...content, servicesIntro: toIntros(draft).homeServices };
  const items = (await publishedItems(type)).filter((item) => item.id !== id);
  if (draft.visible !== false) items.push({ id, slug: null, data: draft, number: 0, publishedAt: 0 });
  items.sort((a, b) => Number(a.data.order ?? 0) - Number(b.data.order ?? 0));
  if (type === "leadership")
    return {
      ...content,
      leadership: await withPictures(
        items.map((i) => toLeadership(i.id, i.data)),
        "image",
      ),
    };
  if (type === "logos")
    return {
      ...content,
      logos: await withPictures(
        items.map((i) => toLogo(i.data)),
        "img",
      ),
    };
  if (type === "faq") return { ...content, faqs: items.map((i) => toFaq(i.data)) };
  return content;
}

/** The home section's view, with its uploaded hero image when it names one. */
async function homeWithPicture(data: ContentData): Promise<HomeContent> {
  const home = toHome(data);
  const picture = await contentPicture(data.heroImage);
  return picture ? { ...home, hero: { ...home.hero, picture } } : home;
}

export async function publishedHomePage(): Promise<HomePageContent> {
  const [home, services, leadership, logos, faqs, intros] = await Promise.all([
    publishedItems("home"),
    publishedServices(),
    publishedItems("leadership"),
    publishedItems("logos"),
    publishedItems("faq"),
    pageIntros(),
  ]);
  return {
    home: await homeWithPicture(home.find((i) => i.id === "home")?.data ?? {}),
    servicesIntro: intros.homeServices,
    services,
    leadership: await withPictures(
      leadership.map((i) => toLeadership(i.id, i.data)),
      "image",
    ),
    logos: await withPictures(
      logos.map((i) => toLogo(i.data)),
      "img",
    ),
    faqs: faqs.map((i) => toFaq(i.data)),
  };
}

export function toAbout(data: ContentData): AboutContent {
  const md = (key: string) => renderMarkdown(typeof data[key] === "string" ? (data[key] as string) : "");
  const lines = (key: string) => (Array.isArray(data[key]) ? (data[key] as string[]) : []);
  return {
    intro: md("intro"),
    crossPlatform: md("crossPlatform"),
    ongoingSupport: md("ongoingSupport"),
    principles: lines("principles"),
    countries: lines("countries"),
  };
}

export async function publishedAbout(): Promise<AboutContent> {
  return toAbout((await publishedItems("about")).find((i) => i.id === "about")?.data ?? {});
}

export interface PageIntros {
  homeServices: string;
  services: string;
  cases: string;
}

export function toIntros(data: ContentData): PageIntros {
  const text = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : "");
  return { homeServices: text("homeServices"), services: text("services"), cases: text("cases") };
}

/** The one-line introductions above the home page's services, /services and /cases. */
export async function pageIntros(): Promise<PageIntros> {
  return toIntros((await publishedItems("intros")).find((i) => i.id === "intros")?.data ?? {});
}

/** A public page's meta description as published (the demo's if the set was taken out). */
export async function pageDescription(page: DescribedPage): Promise<string> {
  const data = (await publishedItems("descriptions")).find((i) => i.id === "descriptions")?.data;
  const text = data?.[page];
  return typeof text === "string" && text.trim() ? text : DEMO_DESCRIPTIONS[page];
}
