import { Link, useLocation } from "react-router";
import { pageCount } from "~/lib/pagination";

/** Previous / next links that keep the list's other filters. */
export function Pager({ page, total, pageSize }: { page: number; total: number; pageSize?: number }) {
  const { pathname, search } = useLocation();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(p));
    return `${pathname}?${params.toString()}`;
  };
  return (
    <nav aria-label="Pagination" className="mt-6 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-secondary">
          Previous
        </Link>
      ) : null}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="btn-secondary">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
