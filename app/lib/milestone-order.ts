// The Milestones tab's reordering, apart from its view: where a move puts a row, and what the
// page tells a screen reader about it.

/** The list with one row moved to a place (1 = first); a place past either end is that end. */
export function withMoved<T extends { id: string }>(rows: readonly T[], id: string, position: number): T[] {
  const from = rows.findIndex((r) => r.id === id);
  if (from === -1) return [...rows];
  const to = Math.min(rows.length - 1, Math.max(0, position - 1));
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
}

/** The place a handle's key moves its row to, or undefined for a key that does not move it. */
export function positionForKey(key: string, index: number, count: number): number | undefined {
  const to = { ArrowUp: index, ArrowDown: index + 2, Home: 1, End: count }[key];
  if (to === undefined || to < 1 || to > count || to === index + 1) return undefined;
  return to;
}

/** What the live region says after a move. */
export function movedAnnouncement(title: string, position: number, count: number): string {
  return `Moved ${title} to position ${position} of ${count}.`;
}
