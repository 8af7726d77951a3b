// Calendar dates as the app stores them (YYYY-MM-DD, UTC; decision 0035).

/** The date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}
