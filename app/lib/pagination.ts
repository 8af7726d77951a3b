export const PAGE_SIZE = 20;

/** Reads ?page= (1-based, clamped) and returns limit/offset for a list. */
export function pageFrom(where: URL | URLSearchParams, pageSize = PAGE_SIZE): { page: number; limit: number; offset: number } {
  const query = where instanceof URL ? where.searchParams : where;
  const raw = Number.parseInt(query.get("page") ?? "1", 10);
  const page = Number.isFinite(raw) && raw > 0 ? Math.min(raw, 10_000) : 1;
  return { page, limit: pageSize, offset: (page - 1) * pageSize };
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
