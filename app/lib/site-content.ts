// The public site's editable content (console → Site): one field schema per content type, so one
// generic editor renders every type and one schema builder (schemas/site-content.ts) checks it.
// Client-safe: the console's editor and the server's checks read the same definitions.

/**
 * What an editor types into a field. `image` holds either a path under /images (the seeded demo
 * art) or "media:<imageId>", an image uploaded through app/server/images (the editor's file input).
 */
export type FieldType = "text" | "textarea" | "markdown" | "list" | "number" | "image" | "url" | "boolean" | "slug";

export interface FieldDef {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  /** Characters (text kinds) or items (list). */
  max?: number;
  hint?: string;
  /** A list whose every line is two parts, "left | right" (a figure and its label, a step and its text). */
  pairs?: boolean;
  /** An image whose public view already has its text alternative in this field (a logo's company name): no alt input. */
  altFrom?: string;
}

export interface ContentTypeDef {
  /** The URL segment and the stored `type`. */
  type: string;
  /** "Services": the list's heading and the nav entry. */
  label: string;
  /** "service": in sentences ("Add your first service"). */
  singular: string;
  fields: FieldDef[];
  /** The field that names an item in lists and history. */
  titleField: string;
  /** Demo items of this type go with "Start from an empty site". */
  demo: boolean;
  /** A fixed set of items (the legal pages): edited, never added or deleted. */
  fixed?: boolean;
  /** The public page an item shows on (the preview renders that page's shape). */
  publicPath(slug: string | null): string;
}

const IMAGE_HINT = "PNG, JPEG, WebP or SVG, at most 5 MB. Choose a file to replace the current image.";

// Item metadata every listed type has: kept in the version's data, copied to the item's columns on
// publish (the public queries filter and sort on them).
const ORDER: FieldDef = { name: "order", label: "Order", type: "number", hint: "Lower numbers come first." };
const VISIBLE: FieldDef = { name: "visible", label: "Visible on the public site", type: "boolean" };
/** A fixed item's name in the console's lists (the public page never shows it). */
const LIST_NAME: FieldDef = { name: "title", label: "Name in lists", type: "text", required: true, max: 60 };
/** Every listed type ends with these two. */
const LISTED: readonly FieldDef[] = [ORDER, VISIBLE];

/** The one image of a type; `altFrom` names the field already read out as its text alternative. */
function imageField(name: string, label: string, altFrom?: string): FieldDef {
  return { name, label, type: "image", required: true, max: 200, hint: IMAGE_HINT, ...(altFrom ? { altFrom } : {}) };
}

export const CONTENT_TYPES: readonly ContentTypeDef[] = [
  {
    type: "services",
    label: "Services",
    singular: "service",
    titleField: "title",
    demo: true,
    publicPath: (slug) => (slug ? `/service/${slug}` : "/services"),
    fields: [
      { name: "title", label: "Title", type: "text", required: true, max: 120 },
      {
        name: "slug",
        label: "Address (slug)",
        type: "slug",
        required: true,
        max: 80,
        hint: "The page's address: /service/your-slug. Lower-case letters, digits and hyphens. A changed slug keeps redirecting from the old address.",
      },
      { name: "desc", label: "Short description", type: "textarea", required: true, max: 400, hint: "One or two sentences for the cards." },
      {
        name: "details",
        label: "Long description",
        type: "markdown",
        required: true,
        max: 20_000,
        hint: "Markdown: paragraphs separated by a blank line, **bold**, *italic*, [links](https://example.com), lists.",
      },
      imageField("img", "Image"),
      ...LISTED,
    ],
  },
  {
    type: "cases",
    label: "Case studies",
    singular: "case study",
    titleField: "title",
    demo: true,
    publicPath: () => "/cases",
    fields: [
      { name: "title", label: "Title", type: "text", required: true, max: 160 },
      { name: "subtitle", label: "Subtitle", type: "text", required: true, max: 200 },
      { name: "description", label: "Description", type: "textarea", required: true, max: 4000 },
      { name: "technologies", label: "Technologies", type: "list", required: true, max: 30, hint: "One per line." },
      { name: "features", label: "Features", type: "list", required: true, max: 30, hint: "One per line." },
      { name: "result", label: "Result", type: "textarea", required: true, max: 600 },
      imageField("img", "Image"),
      ...LISTED,
    ],
  },
  {
    type: "home",
    label: "Home page",
    singular: "home page",
    titleField: "headline",
    demo: false,
    fixed: true,
    publicPath: () => "/",
    fields: [
      { name: "headline", label: "Hero headline", type: "text", required: true, max: 160 },
      { name: "tagline", label: "Tagline", type: "textarea", required: true, max: 400 },
      { name: "primaryCta", label: "Main call to action (opens the quote form)", type: "text", required: true, max: 40 },
      { name: "secondaryCta", label: "Second call to action (to the services)", type: "text", required: true, max: 40 },
      {
        ...imageField("heroImage", "Hero image"),
        required: false,
        hint: "PNG, JPEG, WebP or SVG, at most 5 MB, beside the headline. Without one, the built-in illustration shows.",
      },
      {
        name: "stats",
        label: "At a glance",
        type: "list",
        pairs: true,
        max: 8,
        hint: "One figure per line: value | label, e.g. 120+ | Projects delivered.",
      },
      {
        name: "processSteps",
        label: "How we work",
        type: "list",
        pairs: true,
        max: 8,
        hint: "One step per line: title | what happens, e.g. Discover | We learn about your business.",
      },
      { name: "collaborationHeading", label: "Collaboration heading", type: "text", required: true, max: 160 },
      { name: "collaborationBody", label: "Collaboration text", type: "textarea", required: true, max: 600 },
      { name: "collaborationCta", label: "Collaboration call to action (opens the quote form)", type: "text", required: true, max: 40 },
    ],
  },
  {
    type: "intros",
    label: "Page introductions",
    singular: "introduction",
    titleField: "title",
    demo: false,
    fixed: true,
    publicPath: () => "/services",
    fields: [
      LIST_NAME,
      { name: "homeServices", label: "Home page, above the services", type: "textarea", max: 300 },
      { name: "services", label: "Services page", type: "textarea", max: 300 },
      { name: "cases", label: "Case studies page", type: "textarea", max: 300 },
    ],
  },
  {
    type: "descriptions",
    label: "Search and sharing descriptions",
    singular: "description set",
    titleField: "title",
    demo: false,
    fixed: true,
    publicPath: () => "/",
    fields: [
      LIST_NAME,
      ...(
        [
          ["home", "Home page"],
          ["about", "About page"],
          ["services", "Services page"],
          ["cases", "Case studies page"],
          ["careers", "Careers page"],
          ["quote", "Quote page"],
          ["terms", "Terms page"],
          ["privacy", "Privacy page"],
        ] as const
      ).map(([name, label]) => ({
        name,
        label,
        type: "textarea" as const,
        required: true,
        max: 300,
        hint: "What search results and shared links show under the page's title: one or two sentences.",
      })),
    ],
  },
  {
    type: "about",
    label: "About page",
    singular: "about page",
    titleField: "title",
    demo: false,
    fixed: true,
    publicPath: () => "/about",
    fields: [
      LIST_NAME,
      {
        name: "intro",
        label: "Who we are",
        type: "markdown",
        required: true,
        max: 6000,
        hint: "Markdown: paragraphs separated by a blank line.",
      },
      { name: "crossPlatform", label: "Cross-platform by design", type: "markdown", required: true, max: 6000 },
      { name: "ongoingSupport", label: "Ongoing support", type: "markdown", required: true, max: 6000 },
      { name: "principles", label: "Our guiding principles", type: "list", required: true, max: 12, hint: "One per line." },
      { name: "countries", label: "Countries we serve", type: "list", max: 30, hint: "One per line." },
    ],
  },
  {
    type: "leadership",
    label: "Leadership quotes",
    singular: "leadership quote",
    titleField: "name",
    demo: true,
    publicPath: () => "/",
    fields: [
      { name: "name", label: "Name", type: "text", required: true, max: 120 },
      { name: "title", label: "Title", type: "text", required: true, max: 120, hint: "e.g. CEO and Founder." },
      { name: "quote", label: "Quote", type: "textarea", required: true, max: 600 },
      imageField("image", "Portrait", "name"),
      ...LISTED,
    ],
  },
  {
    type: "logos",
    label: "Trusted-by logos",
    singular: "logo",
    titleField: "name",
    demo: true,
    publicPath: () => "/",
    fields: [
      { name: "name", label: "Company name", type: "text", required: true, max: 120, hint: "Read out as the logo's text alternative." },
      imageField("img", "Logo", "name"),
      ...LISTED,
    ],
  },
  {
    type: "faq",
    label: "Frequently asked questions",
    singular: "question",
    titleField: "question",
    demo: false,
    publicPath: () => "/",
    fields: [
      { name: "question", label: "Question", type: "text", required: true, max: 200 },
      { name: "answer", label: "Answer", type: "textarea", required: true, max: 1500 },
      ...LISTED,
    ],
  },
  {
    type: "legal",
    label: "Legal pages",
    singular: "legal page",
    titleField: "title",
    demo: false,
    fixed: true,
    // The item's id is its path: terms, privacy.
    publicPath: (slug) => `/${slug ?? ""}`,
    fields: [
      { name: "title", label: "Title", type: "text", required: true, max: 120 },
      {
        name: "updated",
        label: "Last updated",
        type: "text",
        required: true,
        max: 60,
        hint: "As the page shows it, e.g. 21 November 2026.",
      },
      {
        name: "body",
        label: "Text",
        type: "markdown",
        required: true,
        max: 60_000,
        hint: "Markdown: each section starts with a line “## 1. Heading”; paragraphs are separated by a blank line. Publishing makes a new version: quotes and applications record the privacy version they were sent under.",
      },
    ],
  },
];

export function contentType(type: string): ContentTypeDef | undefined {
  return CONTENT_TYPES.find((t) => t.type === type);
}

/** A type's image field (every type has at most one: the editor's one file input). */
export function imageFieldOf(def: ContentTypeDef): FieldDef | undefined {
  return def.fields.find((f) => f.type === "image");
}

/** The prefix of an image field's value naming an uploaded image. */
export const MEDIA_PREFIX = "media:";
const MEDIA_VALUE = /^media:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The uploaded image's id an image field's value names, or null for a path under /images (or nothing). */
export function mediaIdOf(value: unknown): string | null {
  return typeof value === "string" ? (MEDIA_VALUE.exec(value)?.[1] ?? null) : null;
}

/** Slugs a page may never take: the site's own paths (and what a proxy or a file might claim). */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "login",
  "logout",
  "signup",
  "register",
  "api",
  "employee-dashboard",
  "user-dashboard",
  "setup",
  "admin",
  "assets",
  "images",
  "media",
  "static",
  "build",
  "events",
  "files",
  "uploads",
  "account",
  "auth",
  "sitemap.xml",
  "robots.txt",
  "favicon.ico",
  "healthz",
  "readyz",
  "metrics",
  "services",
  "service",
  "cases",
  "careers",
  "about",
  "terms",
  "privacy",
  "quote",
  "apply",
  "new",
]);

/** The draft or published data of one item, as its fields hold it. */
export type ContentData = Record<string, string | number | boolean | string[]>;

export interface SiteItemSummary {
  id: string;
  type: string;
  title: string;
  slug: string | null;
  order: number;
  visible: boolean;
  /** Published version number, null while never published. */
  publishedNumber: number | null;
  /** The draft differs from what is published. */
  hasDraft: boolean;
  updatedAt: number;
}

export interface SiteVersion {
  id: string;
  number: number;
  createdAt: number;
  createdBy: string | null;
  publishedAt: number | null;
  /** Restored from this number, when the version is a restore. */
  restoredFrom: number | null;
}
