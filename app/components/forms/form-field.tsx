import type { ReactNode } from "react";

interface FieldProps {
  id: string;
  label: string;
  errors?: string[];
  errorId: string;
  optional?: boolean;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, control and its error list (wired by the control's aria-describedby). */
export function FormField({ id, label, errors, errorId, optional, hint, children }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {optional ? <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span> : null}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
      <div id={errorId} className="field-error" aria-live="polite">
        {errors?.join(" ")}
      </div>
    </div>
  );
}
