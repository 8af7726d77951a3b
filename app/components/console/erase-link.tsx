import { href, Link } from "react-router";
import type { ErasurePathKind } from "~/lib/schemas/erasure";

/** The way to the "Erase…" step (decision 0048); shown to admins only. */
export function EraseLink({ kind, id, who, className = "" }: { kind: ErasurePathKind; id: string; who: string; className?: string }) {
  return (
    <Link
      to={href("/employee-dashboard/erase/:kind/:id", { kind, id })}
      aria-label={`Erase ${who}…`}
      className={`text-sm font-medium text-red-700 underline-offset-2 hover:underline dark:text-red-400 ${className}`}
    >
      Erase…
    </Link>
  );
}
