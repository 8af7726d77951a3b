// Reads samples out of the Prometheus text format, as a scraper would.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

export function samples(text: string): Sample[] {
  return text.split("\n").flatMap((line) => {
    const match = SAMPLE.exec(line);
    if (!match || line.startsWith("#")) return [];
    const labels = Object.fromEntries([...(match[2] ?? "").matchAll(LABEL)].map((m) => [m[1]!, m[2]!]));
    return [{ name: match[1]!, labels, value: Number(match[3]) }];
  });
}

/** The value of the first sample of `name` whose labels include `labels`, or undefined. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samples(text).find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}
