/** One line of the printed table. */
export interface Outcome {
  category: string;
  tried: number;
  passed: number;
  /** Figures worth reading (latency, counts); shown after the table. */
  notes?: string;
  /** Why something did not pass; printed in full. */
  failures?: string[];
  skipped?: string;
}

export function printTable(outcomes: Outcome[], seconds: number): void {
  const rows = [
    ["category", "tried", "passed", ""],
    ...outcomes.map((o) => [
      o.category,
      o.skipped ? "-" : String(o.tried),
      o.skipped ? "-" : String(o.passed),
      o.skipped ? `SKIPPED: ${o.skipped}` : o.tried === o.passed && !o.failures?.length ? "✔" : "✘",
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, c) => (c === 1 || c === 2 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join("  ")
      .trimEnd();
  console.log("");
  console.log(line(rows[0]!));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows.slice(1)) console.log(line(r));
  console.log("");
  for (const o of outcomes.filter((x) => x.notes)) console.log(`${o.category}: ${o.notes}`);
  for (const o of outcomes) for (const f of o.failures ?? []) console.log(`✘ ${o.category}: ${f}`);
  console.log(`\nnpm run test:faults: ${seconds.toFixed(1)} s, Node ${process.version}, loopback only`);
}

export function failed(outcomes: Outcome[]): boolean {
  return outcomes.some((o) => !o.skipped && (o.tried !== o.passed || (o.failures?.length ?? 0) > 0));
}
