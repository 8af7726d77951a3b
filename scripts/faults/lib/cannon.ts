import autocannon, { type Options, type Result } from "autocannon";

export function cannon(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 60, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on("error", reject);
  });
}

/** "p50 3 ms, p99 41 ms" */
export const latency = (r: Result) => `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`;

/** Every status other than 2xx, e.g. "429×3, 500×1", plus connection errors and timeouts. */
export function badAnswers(r: Result): string {
  const statuses = Object.entries(r.statusCodeStats)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, s]) => `${code}×${s.count}`);
  if (r.errors) statuses.push(`errors×${r.errors}`);
  if (r.timeouts) statuses.push(`timeouts×${r.timeouts}`);
  return statuses.join(", ");
}
