import type { ReactNode } from "react";

/** Padding of a cell in a boxed list table, for the rows a page renders. */
export const boxedCell = "px-3 py-2 align-top";

const PLAIN = {
  wrapper: "mt-2 overflow-x-auto",
  head: "text-slate-600 dark:text-slate-400",
  header: "py-2 pr-4 font-medium",
  body: undefined,
};
const BOXED = {
  wrapper: "mt-2 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800",
  head: "bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300",
  header: `${boxedCell} font-semibold`,
  body: "divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200",
};

interface ListTableProps<T> {
  caption: string;
  columns: readonly string[];
  items: readonly T[];
  /** One `<tr>` (with its key) per item. */
  row: (item: T) => ReactNode;
  /** Shown instead of the table when there are no items. */
  empty: ReactNode;
  boxed?: boolean;
}

/** A console list's results: a table with a column header row, or a message when the list is empty. */
export function ListTable<T>({ caption, columns, items, row, empty, boxed = false }: ListTableProps<T>) {
  if (items.length === 0) {
    return (
      <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
        {empty}
      </p>
    );
  }
  const style = boxed ? BOXED : PLAIN;
  return (
    <div className={style.wrapper}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={style.head}>
          <tr>
            {columns.map((h) => (
              <th key={h} scope="col" className={style.header}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={style.body}>{items.map((item) => row(item))}</tbody>
      </table>
    </div>
  );
}

/** A column a phone's narrow table leaves out: secondary facts, so the names and actions fit. */
export const WIDE_ONLY = "hidden sm:table-cell";

const RULED_HEAD = "border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400";

/**
 * The column heads of a plain console table with a rule under them. `actions` adds a last, unnamed
 * column for the rows' buttons; `flushLast` ends the row without padding after the last name;
 * `wideOnly` names columns a phone leaves out (their cells take `WIDE_ONLY` too).
 */
export function RuledTableHead({
  columns,
  actions = false,
  flushLast = false,
  wideOnly = [],
}: {
  columns: readonly string[];
  actions?: boolean;
  flushLast?: boolean;
  wideOnly?: readonly string[];
}) {
  return (
    <thead className={RULED_HEAD}>
      <tr>
        {columns.map((h, i) => (
          <th
            key={h}
            scope="col"
            className={`${flushLast && i === columns.length - 1 ? "py-2 font-medium" : "py-2 pr-4 font-medium"} ${wideOnly.includes(h) ? WIDE_ONLY : ""}`}
          >
            {h}
          </th>
        ))}
        {actions ? (
          <th scope="col" className="py-2 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
