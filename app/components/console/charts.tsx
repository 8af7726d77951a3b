import { useId, type ReactNode } from "react";

// Server-rendered charts: role="img" named by a title and a description that states every value,
// plus the same numbers as a table. Colours come from classes, so dark mode just works.

export interface ChartDatum {
  label: string;
  value: number;
}

interface ChartProps {
  title: string;
  data: ChartDatum[];
  /** What a value counts, for the description and the table: "leads", "applications". */
  unit: string;
  /** Header of the table's first column. */
  category: string;
  /** How a value is written (money in its currency); plain digits when left out. */
  format?: (value: number) => string;
}

const written = (props: ChartProps, value: number) => (props.format ? props.format(value) : String(value));

const BAR = "bg-brand-600 dark:bg-brand-400";

function describe(props: ChartProps): string {
  const { data, unit } = props;
  if (data.length === 0) return `No ${unit} yet.`;
  return data.map((d) => `${d.label}: ${props.format ? props.format(d.value) : d.value}`).join("; ") + ".";
}

function Figure({ id, props, children }: { id: string; props: ChartProps; children: ReactNode }) {
  return (
    <figure className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <figcaption id={`${id}-caption`} className="font-semibold text-slate-900 dark:text-white">
        {props.title}
      </figcaption>
      {children}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700 dark:text-brand-300">Show the numbers as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{props.title}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">
                {props.category}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {props.unit[0]!.toUpperCase() + props.unit.slice(1)}
              </th>
            </tr>
          </thead>
          <tbody>
            {props.data.map((d, i) => (
              <tr key={i} className="border-t border-slate-200 dark:border-slate-800">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {d.label}
                </th>
                <td className="py-1 text-right tabular-nums">{written(props, d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * The chart's name and every value for assistive technology; what is drawn is hidden from it. The
 * drawing is HTML, not a scaled SVG, so its labels keep their size at every width (an SVG scaled
 * to a half-width card drew them at 7 px).
 */
function ChartImage({ id, props, children }: { id: string; props: ChartProps; children: ReactNode }) {
  return (
    <div role="img" aria-labelledby={`${id}-title ${id}-desc`} className="mt-3">
      <span id={`${id}-title`} className="sr-only">
        {props.title}
      </span>
      <span id={`${id}-desc`} className="sr-only">
        {describe(props)}
      </span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

const share = (value: number, max: number) => `${(value / max) * 100}%`;

/** Vertical columns, one per category, oldest on the left (a weekly trend). */
export function ColumnChart(props: ChartProps & { tickLabel?: (d: ChartDatum) => string }) {
  const id = useId();
  const { data } = props;
  const max = Math.max(1, ...data.map((d) => d.value));
  // Twelve dates do not fit side by side in a half-width card: every other one, ending at the latest.
  const labelled = (i: number) => data.length <= 8 || (data.length - 1 - i) % 2 === 0;
  return (
    <Figure id={id} props={props}>
      <ChartImage id={id} props={props}>
        <div className="flex h-44 items-end gap-1 border-b border-slate-300 pt-5 dark:border-slate-700">
          {data.map((d, i) => (
            <div key={i} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
              <span className="text-xs text-slate-700 tabular-nums dark:text-slate-300">{written(props, d.value)}</span>
              <div className={`w-3/4 rounded-t ${BAR}`} style={{ height: share(d.value, max) }} />
            </div>
          ))}
        </div>
        <div className="mt-1 flex gap-1">
          {data.map((d, i) => (
            <span key={i} className="min-w-0 flex-1 text-center text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
              {labelled(i) ? (props.tickLabel ? props.tickLabel(d) : d.label) : ""}
            </span>
          ))}
        </div>
      </ChartImage>
    </Figure>
  );
}

/** Horizontal bars, one row per category, each labelled above its bar. */
export function BarChart(props: ChartProps) {
  const id = useId();
  const { data } = props;
  const max = Math.max(1, ...data.map((d) => d.value));
  return (
    <Figure id={id} props={props}>
      {data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No {props.unit} yet.</p>
      ) : (
        <ChartImage id={id} props={props}>
          <ul className="space-y-3">
            {data.map((d, i) => (
              <li key={i}>
                <span className="block truncate text-sm text-slate-700 dark:text-slate-300">{d.label}</span>
                <span className="mt-1 flex items-center gap-2">
                  <span className={`block h-3 min-w-0.5 rounded ${BAR}`} style={{ width: share(d.value, max) }} />
                  <span className="text-sm text-slate-700 tabular-nums dark:text-slate-300">{written(props, d.value)}</span>
                </span>
              </li>
            ))}
          </ul>
        </ChartImage>
      )}
    </Figure>
  );
}
