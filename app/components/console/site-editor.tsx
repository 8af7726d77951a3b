import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormError } from "~/components/forms/form-error";
import { FormField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import type { ImageInfo } from "~/lib/images";
import { imageFieldOf, type ContentData, type ContentTypeDef, type FieldDef } from "~/lib/site-content";
import { hasImageFile, siteContentSchema } from "~/lib/schemas/site-content";
import { SiteImageField } from "./site-image-field";

// The one editor of every site content type: each field of the type's schema as its control.

/** Stored data as the form's initial strings (lists one per line, booleans as a ticked box). */
export function formDefaults(def: ContentTypeDef, data: ContentData): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const field of def.fields) {
    const value = data[field.name];
    if (field.type === "boolean") out[field.name] = value === false ? undefined : "on";
    else if (Array.isArray(value)) out[field.name] = value.join("\n");
    else out[field.name] = value === undefined ? "" : String(value);
  }
  return out;
}

function Control({ field, meta }: { field: FieldDef; meta: FieldMetadata<unknown> }) {
  if (field.type === "boolean") {
    return (
      <div className="flex items-start gap-2">
        <input {...getInputProps(meta, { type: "checkbox" })} className="mt-1 h-4 w-4" />
        <label htmlFor={meta.id} className="field-label mb-0">
          {field.label}
        </label>
        <div id={meta.errorId} className="field-error" aria-live="polite">
          {meta.errors?.join(" ")}
        </div>
      </div>
    );
  }
  const multiline = field.type === "textarea" || field.type === "markdown" || field.type === "list";
  const rows = field.type === "markdown" ? 14 : field.type === "list" ? 6 : 4;
  return (
    <FormField
      id={meta.id}
      label={field.label}
      errors={meta.errors}
      errorId={meta.errorId}
      optional={!field.required && field.type !== "number"}
      hint={field.hint}
    >
      {multiline ? (
        <textarea
          {...getTextareaProps(meta)}
          rows={rows}
          className={`field-input ${field.type === "markdown" ? "font-mono text-sm" : ""}`}
        />
      ) : (
        <input
          {...getInputProps(meta, { type: field.type === "number" ? "number" : field.type === "url" ? "url" : "text" })}
          className="field-input"
        />
      )}
    </FormField>
  );
}

interface SiteEditorProps {
  def: ContentTypeDef;
  formId: string;
  defaultValue: Record<string, string | undefined>;
  lockVersion: number;
  lastResult?: SubmissionResult<string[]>;
  outcome?: FormResult;
  submitLabel: string;
  /** The uploaded image the draft's image field names (for its thumbnail). */
  picture?: ImageInfo | null;
}

export function SiteEditor({ def, formId, defaultValue, lockVersion, lastResult, outcome, submitLabel, picture }: SiteEditorProps) {
  const schema = useMemo(() => siteContentSchema(def), [def]);
  const uploadSchema = useMemo(() => siteContentSchema(def, { upload: true }), [def]);
  const imageField = imageFieldOf(def);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // A chosen file stands in for an empty image field (the same rule as the action's).
    onValidate: ({ formData }) => parseWithZod(formData, { schema: hasImageFile(formData) ? uploadSchema : schema }),
  });
  return (
    // Multipart only where the type has an image to upload; the other types post as before.
    <Form method="post" {...getFormProps(form)} encType={imageField ? "multipart/form-data" : undefined} className="space-y-4">
      <input type="hidden" name="intent" value="save" />
      {/* The version this editor started from: taken from the page, so after "changed by" a second save replaces. */}
      <input type="hidden" name="lockVersion" value={lockVersion} />
      {form.errors?.length ? <FormError message={form.errors.join(" ")} /> : null}
      {def.fields
        .filter((field) => field.type !== "image")
        .map((field) => (
          <Control key={field.name} field={field} meta={fields[field.name] as FieldMetadata<unknown>} />
        ))}
      {/* Last: the browser posts fields in this order, so a file refused while it streams still leaves every typed field read. */}
      {imageField ? (
        <SiteImageField
          field={imageField}
          meta={fields[imageField.name] as FieldMetadata<unknown>}
          file={fields.file as FieldMetadata<unknown>}
          alt={fields.alt as FieldMetadata<unknown>}
          picture={picture}
        />
      ) : null}
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : submitLabel}
      </button>
    </Form>
  );
}
