import type { CaseStudy, ServiceSummary } from "~/content/types";
import type { ContentData } from "~/lib/site-content";
import { toCaseStudy, toServiceSummary, type ServicePage } from "~/lib/site-views";
import { publishedBySlug, publishedItems } from "./content-read.server";
import { renderMarkdown } from "./markdown.server";

// The public pages' content, published and visible, in the shapes their components take.

export async function publishedServices(): Promise<ServiceSummary[]> {
  return (await publishedItems("services")).map((item) => toServiceSummary(item.data, item.slug));
}

/** A service page from its data: the published one, or a draft for the console's preview. */
export function toServicePage(data: ContentData, slug: string | null): ServicePage {
  const details = typeof data.details === "string" ? data.details : "";
  return { ...toServiceSummary(data, slug), detailsHtml: renderMarkdown(details) };
}

export async function publishedServicePage(slug: string): Promise<ServicePage | undefined> {
  const item = await publishedBySlug("services", slug);
  return item ? toServicePage(item.data, item.slug) : undefined;
}

export async function publishedCaseStudies(): Promise<CaseStudy[]> {
  return (await publishedItems("cases")).map((item) => toCaseStudy(item.id, item.data));
}
