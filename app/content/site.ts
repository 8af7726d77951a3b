// One place for the company's public identity (docs/style.md: "Config in one place").
export const site = {
  name: "Indigo Kite Technologies",
  shortName: "Indigo Kite",
  tagline: "Software that ships, scales and keeps earning.",
  domain: "indigokite.dev",
  url: "https://indigokite.dev",
  address: {
    street: "4th Floor, Orion Business Bay, Baner Road",
    city: "Pune",
    region: "Maharashtra",
    postalCode: "411045",
    country: "India",
  },
  phone: "+91 20 4860 7100",
  emails: {
    info: "info@indigokite.dev",
    careers: "careers@indigokite.dev",
    support: "support@indigokite.dev",
  },
  social: {
    linkedin: "https://www.linkedin.com/company/indigo-kite-technologies",
    youtube: "https://www.youtube.com/@indigokitetech",
    instagram: "https://www.instagram.com/indigokite.tech",
  },
  countriesServed: ["India", "USA", "Canada", "United Kingdom"],
} as const;

export function formatAddress(): string {
  const a = site.address;
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}, ${a.country}`;
}
