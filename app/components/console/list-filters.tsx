import type { ReactNode } from "react";
import { Form, Link } from "react-router";

interface ListFiltersProps {
  /** "search" when the form searches text; a select-only filter form is not a search landmark. */
  role?: "search";
  label?: string;
  gap: "gap-2" | "gap-3";
  submitLabel: string;
  /** Where "Clear" leads; no link while nothing is filtered. */
  clearTo?: string;
  children: ReactNode;
}

/** The GET form above a console list: its fields, a submit button and, when filtered, a way back to the whole list. */
export function ListFilters({ role, label, gap, submitLabel, clearTo, children }: ListFiltersProps) {
  return (
    <Form method="get" role={role} aria-label={label} className={`mt-4 flex flex-wrap items-end ${gap}`}>
      {children}
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
      {clearTo ? (
        <Link to={clearTo} className="btn-secondary">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

interface SearchFieldProps {
  id: string;
  label: string;
  defaultValue: string;
  maxLength: number;
  className: string;
}

/** The free-text `q` field of a list's filters. */
export function SearchField({ id, label, defaultValue, maxLength, className }: SearchFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} type="search" name="q" defaultValue={defaultValue} maxLength={maxLength} className="field-input" />
    </div>
  );
}

interface FilterSelectProps {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  /** The empty choice, which does not filter. */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  className?: string;
}

/** A select of a list's filters, led by an "all" choice. */
export function FilterSelect({ id, name, label, defaultValue, allLabel, options, className = "field-input" }: FilterSelectProps) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={className}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
