interface ResultCountProps {
  total: number;
  singular: string;
  plural: string;
  /** Follows the count, e.g. " match" when the list is filtered. */
  detail: string;
  /** How the count is announced when it changes: as a status message or as a polite live region. */
  announce: "status" | "polite";
}

/** The number of items a console list holds, above its table. */
export function ResultCount({ total, singular, plural, detail, announce }: ResultCountProps) {
  return (
    <p
      role={announce === "status" ? "status" : undefined}
      className="mt-4 text-sm text-slate-600 dark:text-slate-400"
      aria-live={announce === "polite" ? "polite" : undefined}
    >
      {total === 1 ? `1 ${singular}` : `${total} ${plural}`}
      {detail}
    </p>
  );
}
