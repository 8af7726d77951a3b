import type { CaseStudy, ServiceSummary } from "~/content/types";
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
