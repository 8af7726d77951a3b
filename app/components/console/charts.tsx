import { useId, type ReactNode } from "react";

// Server-rendered SVG charts: role="img" with a title and a description that states every
// value, plus the same numbers as a table. Colours come from classes, so dark mode just works.

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
}

const BAR = "fill-brand-600 dark:fill-brand-400";
const TEXT = "fill-current text-slate-700 dark:text-slate-300";

function describe({ data, unit }: ChartProps): string {
  if (data.length === 0) return `No ${unit} yet.`;
  return data.map((d) => `${d.label}: ${d.value}`).join("; ") + ".";
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
                <td className="py-1 text-right tabular-nums">{d.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** Vertical columns, one per category, oldest on the left (a weekly trend). */
export function ColumnChart(props: ChartProps & { tickLabel?: (d: ChartDatum) => string }) {
  const id = useId();
  const { data } = props;
  const [width, height, left, bottom, top] = [640, 220, 8, 28, 20];
  const plot = height - bottom - top;
  const max = Math.max(1, ...data.map((d) => d.value));
  const slot = (width - 2 * left) / Math.max(1, data.length);
  return (
    <Figure id={id} props={props}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="mt-3 h-auto w-full">
        <title id={`${id}-title`}>{props.title}</title>
        <desc id={`${id}-desc`}>{describe(props)}</desc>
        <line x1={left} x2={width - left} y1={top + plot} y2={top + plot} className="stroke-slate-300 dark:stroke-slate-700" />
        {data.map((d, i) => {
          const h = (d.value / max) * plot;
          const x = left + i * slot;
          return (
            <g key={i}>
              <rect x={x + slot * 0.15} y={top + plot - h} width={slot * 0.7} height={h} rx={3} className={BAR} />
              <text x={x + slot / 2} y={top + plot - h - 5} textAnchor="middle" fontSize={12} className={TEXT}>
                {d.value}
              </text>
              <text x={x + slot / 2} y={height - 8} textAnchor="middle" fontSize={11} className={TEXT}>
                {props.tickLabel ? props.tickLabel(d) : d.label}
              </text>
            </g>
          );
        })}
      </svg>
    </Figure>
  );
}

/** Horizontal bars, one row per category, each labelled above its bar. */
export function BarChart(props: ChartProps) {
  const id = useId();
  const { data } = props;
  const [width, row, labelGap] = [640, 44, 16];
  const height = Math.max(row, data.length * row);
  const max = Math.max(1, ...data.map((d) => d.value));
  const room = width - 48;
  return (
    <Figure id={id} props={props}>
      {data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No {props.unit} yet.</p>
      ) : (
        <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="mt-3 h-auto w-full">
          <title id={`${id}-title`}>{props.title}</title>
          <desc id={`${id}-desc`}>{describe(props)}</desc>
          {data.map((d, i) => {
            const y = i * row;
            const w = Math.max(2, (d.value / max) * room);
            return (
              <g key={i}>
                <text x={0} y={y + 12} fontSize={12} className={TEXT}>
                  {d.label.length > 70 ? `${d.label.slice(0, 69)}…` : d.label}
                </text>
                <rect x={0} y={y + labelGap} width={w} height={18} rx={3} className={BAR} />
                <text x={w + 6} y={y + labelGap + 14} fontSize={12} className={TEXT}>
                  {d.value}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </Figure>
  );
}
