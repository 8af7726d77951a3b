import { Link } from "react-router";
import { formatAddress } from "~/lib/brand";
import { useBrand, useLogo } from "~/lib/use-brand";
import { BrandLogo } from "./brand-logo";
import { SocialIcon } from "./social-icons";

const NETWORKS = [
  { network: "linkedin", label: "LinkedIn" },
  { network: "youtube", label: "YouTube" },
  { network: "instagram", label: "Instagram" },
] as const;

export function SiteFooter() {
  const brand = useBrand();
  const address = formatAddress(brand);
  // An empty link is one the agency does not have: not shown.
  const socials = NETWORKS.map((s) => ({ ...s, href: brand.social[s.network] })).filter((s) => s.href);
  const logo = useLogo();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="container-page grid gap-8 py-12 md:grid-cols-3">
        <div>
          {/* The name follows as text, so the logo's alt would only repeat it. */}
          {logo?.light ? (
            <div className="mb-3">
              <BrandLogo logo={logo} height={40} alt="" lazy />
            </div>
          ) : null}
          <p className="text-lg font-bold text-slate-900 dark:text-white">{brand.name}</p>
          {brand.tagline ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{brand.tagline}</p> : null}
        </div>
        {/* No contact detail set (a new install after setup): no empty "Contact" heading. */}
        {address || brand.phone || brand.emails.info ? (
          <address className="text-sm not-italic text-slate-700 dark:text-slate-300">
            <p className="font-semibold text-slate-900 dark:text-white">Contact</p>
            {address ? <p className="mt-2">{address}</p> : null}
            {brand.phone ? (
              <p className="mt-2">
                Phone:{" "}
                <a className="underline hover:text-brand-700 dark:hover:text-brand-300" href={`tel:${brand.phone.replace(/\s/g, "")}`}>
                  {brand.phone}
                </a>
              </p>
            ) : null}
            {brand.emails.info ? (
              <p className="mt-1">
                Email:{" "}
                <a className="underline hover:text-brand-700 dark:hover:text-brand-300" href={`mailto:${brand.emails.info}`}>
                  {brand.emails.info}
                </a>
              </p>
            ) : null}
          </address>
        ) : null}
        <div className="text-sm">
          <p className="font-semibold text-slate-900 dark:text-white">Company</p>
          <ul className="mt-2 space-y-1 text-slate-700 dark:text-slate-300">
            <li>
              <Link className="underline hover:text-brand-700 dark:hover:text-brand-300" to="/about">
                About Us
              </Link>
            </li>
            <li>
              <Link className="underline hover:text-brand-700 dark:hover:text-brand-300" to="/terms">
                Terms
              </Link>
            </li>
            <li>
              <Link className="underline hover:text-brand-700 dark:hover:text-brand-300" to="/privacy">
                Privacy
              </Link>
            </li>
          </ul>
          {socials.length ? (
            <ul className="mt-4 flex gap-3" aria-label="Social media">
              {socials.map((s) => (
                <li key={s.network}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={s.label}
                    className="flex size-9 items-center justify-center rounded-full border border-slate-300 text-slate-700 hover:border-brand-600 hover:text-brand-700 dark:border-slate-600 dark:text-slate-300 dark:hover:text-brand-300"
                  >
                    <SocialIcon network={s.network} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} {brand.legalName}. All rights reserved.
      </p>
    </footer>
  );
}
