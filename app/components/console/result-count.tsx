import { useDates } from "~/lib/use-place";

interface ResultCountProps {
  total: number;
  singular: string;
  plural: string;
  /** Follows the count, e.g. " match" when the list is filtered. */
  detail: string;
  /** How the count is announced when it changes: as a status message or as a polite live region. */
  announce: "status" | "polite";
  /** More match than `total` (a search counts up to a cap): shown "1,000+ requests". */
  capped?: boolean;
}

/** The number of items a console list holds, above its table. */
export function ResultCount({ total, singular, plural, detail, announce, capped = false }: ResultCountProps) {
  // In the agency's locale (Settings → Time and place): "1,000" (en-GB), "1.000" (de-DE).
  const { formatNumber } = useDates();
  return (
    <p
      role={announce === "status" ? "status" : undefined}
      className="mt-4 text-sm text-slate-600 dark:text-slate-400"
      aria-live={announce === "polite" ? "polite" : undefined}
    >
      {capped ? `${formatNumber(total)}+ ${plural}` : total === 1 ? `1 ${singular}` : `${formatNumber(total)} ${plural}`}
      {detail}
    </p>
  );
}
