import { href, Link } from "react-router";
import type { RetainerRow } from "~/lib/retainers";
import { RetainerTable } from "./retainer-table";

/** A company's retainers on its console page (staff with Billing); they are stopped on Billing → Retainers. */
export function CompanyRetainers({ retainers }: { retainers: RetainerRow[] }) {
  return (
    <section aria-labelledby="company-retainers-heading">
      <h3 id="company-retainers-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Retainers
      </h3>
      {retainers.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-400">No retainers. Start one from a draft invoice&apos;s page.</p>
      ) : (
        <div className="mt-3">
          <RetainerTable retainers={retainers} caption="Retainers of this company" showCompany={false} />
          <p className="mt-2 text-sm">
            <Link
              to={href("/employee-dashboard/billing/retainers")}
              className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              Stop a retainer in Billing → Retainers
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
