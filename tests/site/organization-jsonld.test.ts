import { describe, expect, test } from "vitest";
import { brandWithoutDemoDetails, DEMO_BRAND, publicBrand } from "~/lib/brand";
import { organizationJsonLd } from "~/lib/organization-jsonld";

// The Organization data the home page carries (routes/marketing/home.tsx): what search engines show as the
// agency's contact details.

describe("Organization JSON-LD", () => {
  test("The demo brand's postal address, e-mail and phone are in it", () => {
    const data = organizationJsonLd("https://agency.example", publicBrand(DEMO_BRAND));
    expect(data).toMatchObject({ name: DEMO_BRAND.name, email: DEMO_BRAND.emails.info, telephone: DEMO_BRAND.phone });
    expect(data.address).toMatchObject({ "@type": "PostalAddress", addressCountry: "IN" });
  });

  test("The logo is the uploaded one's largest WebP variant once there is one, else the built-in mark", () => {
    const brand = publicBrand(DEMO_BRAND);
    expect(organizationJsonLd("https://agency.example", brand).logo).toBe("https://agency.example/images/logo-mark.svg");
    const light = { id: "0b5e3c1a-4f2d-4e8b-9a61-2c7d5e9f0a13", width: 480, height: 120, alt: "Northwind Studio" };
    expect(organizationJsonLd("https://agency.example", brand, { light, dark: null }).logo).toBe(
      "https://agency.example/media/0b5e3c1a-4f2d-4e8b-9a61-2c7d5e9f0a13-480.webp",
    );
  });

  test("An agency with no contact details set (as after first-run setup) has no empty address, e-mail, phone or links", () => {
    const brand = {
      ...DEMO_BRAND,
      ...brandWithoutDemoDetails("northwind.example"),
      name: "Northwind Studio",
      legalName: "Northwind Studio",
    };
    const data = organizationJsonLd("https://agency.example", publicBrand(brand));
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Northwind Studio",
      url: "https://agency.example",
      logo: "https://agency.example/images/logo-mark.svg",
      sameAs: [],
    });
  });
});
