import { brandUrl, type Brand } from "./brand";
import type { LogoImages } from "./images";
import { logoUrl } from "./organization-jsonld";

interface JobPostingSource {
  id: string;
  title: string;
  description: string;
  location: string;
  type: string;
  salary: string;
  createdAt: number;
  validThrough: number | null;
}

/** Without a valid-through date, a posting is presented as valid for 60 days after it was published. */
const DEFAULT_VALIDITY_MS = 60 * 86_400_000;

const EMPLOYMENT_TYPES: [RegExp, string][] = [
  [/full[\s-]?time/i, "FULL_TIME"],
  [/part[\s-]?time/i, "PART_TIME"],
  [/contract|freelance/i, "CONTRACTOR"],
  [/intern/i, "INTERN"],
  [/temporary|temp\b/i, "TEMPORARY"],
];

/** schema.org's employmentType values where the free-text type names one, else the text itself. */
function employmentTypeOf(type: string): string {
  return EMPLOYMENT_TYPES.find(([pattern]) => pattern.test(type))?.[1] ?? type;
}

/** schema.org JobPosting for an open opening's public page; `logo`: the brand's uploaded logos, if any. */
export function jobPostingJsonLd(opening: JobPostingSource, baseUrl: string, brand: Pick<Brand, "name" | "domain">, logo?: LogoImages) {
  const base = baseUrl.replace(/\/$/, "");
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: opening.title,
    description: opening.description,
    identifier: { "@type": "PropertyValue", name: brand.name, value: opening.id },
    url: `${base}/careers/${opening.id}`,
    datePosted: new Date(opening.createdAt).toISOString(),
    validThrough: new Date(opening.validThrough ?? opening.createdAt + DEFAULT_VALIDITY_MS).toISOString(),
    employmentType: employmentTypeOf(opening.type),
    hiringOrganization: {
      "@type": "Organization",
      name: brand.name,
      sameAs: brandUrl(brand),
      logo: logoUrl(base, logo),
    },
    jobLocation: {
      "@type": "Place",
      address: { "@type": "PostalAddress", addressLocality: opening.location },
    },
    ...(opening.salary ? { baseSalary: opening.salary } : {}),
  };
}
