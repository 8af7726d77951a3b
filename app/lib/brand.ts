import { site } from "~/content/site";

// The agency's public identity as the operator sets it (console → Settings → Brand). Runs on both
// sides: the root loader sends it to the browser, so nothing private belongs here (the mail
// sender and the inboxes are `MailIdentity`, server-only).

export interface BrandAddress {
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

export interface Brand {
  /** Shown in the header, titles, mails, the authenticator app and the passkey prompt. */
  name: string;
  /** Short form for tight places (the nav bar on a phone). */
  shortName: string;
  /** The registered name, for the footer's copyright line and legal pages. */
  legalName: string;
  tagline: string;
  /** The public site's domain, shown in texts ("indigokite.dev"). */
  domain: string;
  address: BrandAddress;
  phone: string;
  emails: { info: string; careers: string; support: string };
  /** Empty string: the link is not shown. */
  social: { linkedin: string; youtube: string; instagram: string };
  /** `#rrggbb`; the palette and focus rings are derived from it. */
  primaryColor: string;
  /** Image ids of uploaded logos; null: the built-in artwork. */
  logo: { light: string | null; dark: string | null };
  countriesServed: string[];
}

/** Who mails leave as and where notices go: server-only, never sent to a browser. */
export interface MailIdentity {
  senderName: string;
  /** Null: `no-reply@` the company domain (or MAIL_FROM when set). */
  senderAddress: string | null;
  /** Null: lead notices are not mailed (they stay in the console) unless MAIL_SALES_TO is set. */
  leadsInbox: string | null;
  /** Null: application notices are not mailed unless MAIL_HR_TO is set. */
  applicationsInbox: string | null;
}

export const DEFAULT_PRIMARY_COLOR = "#4f46e5";

/** The demo agency: what a new install shows until the operator sets its own. */
export const DEMO_BRAND: Brand = {
  name: site.name,
  shortName: site.shortName,
  legalName: site.name,
  tagline: site.tagline,
  domain: site.domain,
  address: { ...site.address },
  phone: site.phone,
  emails: { ...site.emails },
  social: { ...site.social },
  primaryColor: DEFAULT_PRIMARY_COLOR,
  logo: { light: null, dark: null },
  countriesServed: [...site.countriesServed],
};

/**
 * What first-run setup puts in place of the demo agency's public details: the company domain as the
 * site's, and no tagline, address, phone, e-mail or social link (an empty one is not shown). Else
 * the new agency's footer, mails and structured data would point visitors at the demo's inboxes and site.
 */
export function brandWithoutDemoDetails(domain: string): Pick<Brand, "tagline" | "domain" | "address" | "phone" | "emails" | "social"> {
  return {
    tagline: "",
    domain,
    address: { street: "", city: "", region: "", postalCode: "", country: "" },
    phone: "",
    emails: { info: "", careers: "", support: "" },
    social: { linkedin: "", youtube: "", instagram: "" },
  };
}

/** The demo's mail identity: no inbox, so the demo domain never receives a lead or a resume. */
export const DEFAULT_MAIL_IDENTITY: MailIdentity = {
  senderName: site.name,
  senderAddress: null,
  leadsInbox: null,
  applicationsInbox: null,
};

/**
 * What the root loader sends to every page: the brand less what no page shows. Every page's data
 * carries it, and every uncached render serialises it, so it holds only what the nav, the footer,
 * the titles and the invitation page read. The logo's image ids stay behind too: pages get the
 * images themselves (root loader's `logo`); the colour arrives as the palette's CSS; the domain is
 * only a fallback for the site's address, which pages take from APP_URL.
 */
export type PublicBrand = Omit<Brand, "countriesServed" | "emails" | "logo" | "domain" | "primaryColor"> & {
  emails: Pick<Brand["emails"], "info" | "support">;
};

export function publicBrand(brand: Brand): PublicBrand {
  const { countriesServed: _countries, logo: _logo, domain: _domain, primaryColor: _color, emails, ...shown } = brand;
  return { ...shown, emails: { info: emails.info, support: emails.support } };
}

export function formatAddress(brand: Pick<Brand, "address">): string {
  const a = brand.address;
  return [a.street, a.city, [a.region, a.postalCode].filter(Boolean).join(" "), a.country].filter(Boolean).join(", ");
}

/** The site's base URL as visitors know it. */
export function brandUrl(brand: Pick<Brand, "domain">): string {
  return `https://${brand.domain}`;
}
