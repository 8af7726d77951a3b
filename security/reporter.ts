import type { Reporter, TestModule } from "vitest/node";
import type { SecurityMeta } from "./helpers/tally";

/** Prints what the security suites tried, per category, after the run. */
export default class SecurityTable implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const rows = new Map<string, { tests: number; tried: number; passed: number }>();
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const meta = test.meta().security as SecurityMeta | undefined;
        if (!meta) continue;
        const state = test.result().state;
        if (state === "skipped" || state === "pending") continue;
        const row = rows.get(meta.category) ?? { tests: 0, tried: 0, passed: 0 };
        // A test that failed outside its counted cases still counts as one failed try.
        const crashed = state === "failed" && meta.tried === meta.passed;
        row.tests += 1;
        row.tried += meta.tried + (crashed ? 1 : 0);
        row.passed += meta.passed;
        rows.set(meta.category, row);
      }
    }
    const header = ["Category", "Tests", "Tried", "Passed"];
    const lines = [...rows].map(([category, r]) => [category, String(r.tests), String(r.tried), String(r.passed)]);
    const total = [...rows.values()].reduce(
      (sum, r) => ({ tests: sum.tests + r.tests, tried: sum.tried + r.tried, passed: sum.passed + r.passed }),
      {
        tests: 0,
        tried: 0,
        passed: 0,
      },
    );
    lines.push(["Total", String(total.tests), String(total.tried), String(total.passed)]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
    const format = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
    const out = [
      "",
      "Security suites (test:security)",
      format(header),
      `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
      ...lines.map(format),
      "",
    ];
    process.stdout.write(`${out.join("\n")}\n`);
  }
}
