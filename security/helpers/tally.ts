import { expect, type TestContext } from "vitest";

export type Category =
  | "Authorization matrix"
  | "Mass assignment"
  | "Cross-origin requests"
  | "Enumeration"
  | "Brute force"
  | "Sessions"
  | "Headers and cookies"
  | "Uploads"
  | "Fuzzing"
  | "Redirects"
  | "Logs"
  | "Exposure"
  | "Event streams"
  | "Mail flooding"
  | "API tokens";

export interface SecurityMeta {
  category: Category;
  tried: number;
  passed: number;
}

declare module "vitest" {
  interface TaskMeta {
    security?: SecurityMeta;
  }
}

/**
 * Counts what a test tried and what held, for the summary table (security/reporter.ts). A test
 * checks every case, then fails once listing each case that did not hold.
 */
export function tally(context: TestContext, category: Category) {
  const meta: SecurityMeta = { category, tried: 0, passed: 0 };
  context.task.meta.security = meta;
  const failures: string[] = [];
  return {
    check(label: string, ok: boolean, detail = ""): boolean {
      meta.tried += 1;
      if (ok) meta.passed += 1;
      else failures.push(detail ? `${label}: ${detail}` : label);
      return ok;
    },
    /** Fails the test listing every case that did not hold. */
    done(): void {
      expect(failures, `${failures.length} of ${meta.tried} cases did not hold`).toEqual([]);
    },
  };
}

export type Tally = ReturnType<typeof tally>;
