import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";

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

type InputFieldProps<Schema> = Omit<FieldProps, "id" | "errors" | "errorId" | "children"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "form"> & {
    field: FieldMetadata<Schema>;
    type: "text" | "email" | "password" | "tel" | "date" | "number" | "url";
  };

/** The common case: one conform field as a labelled `field-input` box, its errors wired as FormField does. */
export function InputField<Schema>({ field, type, label, optional, hint, className = "field-input", ...input }: InputFieldProps<Schema>) {
  return (
    <FormField id={field.id} label={label} errors={field.errors} errorId={field.errorId} optional={optional} hint={hint}>
      <input {...getInputProps(field, { type })} {...input} className={className} />
    </FormField>
  );
}
