import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Picture } from "~/components/picture";
import { FormField } from "~/components/forms/form-field";
import type { ImageInfo } from "~/lib/images";
import type { FieldDef } from "~/lib/site-content";

// A site content type's image field: the current image, a file input to replace it, and its alt
// text. The value ("/images/..." or "media:<id>") rides along hidden; the action stores a chosen
// file through app/server/images and puts "media:<id>" in its place.

// A hint for the file picker, never the check (storeImage sniffs the bytes).
const IMAGE_INPUT_ACCEPT = ".png,.jpg,.jpeg,.webp,.svg,image/png,image/jpeg,image/webp,image/svg+xml";

interface ImageFieldProps {
  field: FieldDef;
  meta: FieldMetadata<unknown>;
  file: FieldMetadata<unknown>;
  alt: FieldMetadata<unknown>;
  /** The upload the saved value names, when it names one. */
  picture?: ImageInfo | null;
}

export function SiteImageField({ field, meta, file, alt, picture }: ImageFieldProps) {
  const value = typeof meta.initialValue === "string" ? meta.initialValue : "";
  const errors = [...(meta.errors ?? []), ...(file.errors ?? [])];
  return (
    <div role="group" aria-labelledby={`${meta.id}-legend`}>
      <p id={`${meta.id}-legend`} className="field-label">
        {field.label}
      </p>
      <input {...getInputProps(meta, { type: "hidden" })} />
      <div className="flex min-h-24 items-center rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        {picture ? (
          <Picture image={picture} height={96} alt={`Current ${field.label.toLowerCase()}`} imgClassName="max-h-24 w-auto" />
        ) : value.startsWith("/images/") ? (
          <img src={value} alt={`Current ${field.label.toLowerCase()}`} width={154} height={96} className="h-24 w-auto" />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">No image yet.</p>
        )}
      </div>
      {field.altFrom ? null : (
        <div className="mt-3">
          <FormField
            id={alt.id}
            label="Alt text of a new image"
            errors={alt.errors}
            errorId={alt.errorId}
            hint="Required with a new file: what screen readers say instead of the image, in a few words."
          >
            <input {...getInputProps(alt, { type: "text" })} maxLength={300} className="field-input" />
          </FormField>
        </div>
      )}
      <div className="mt-3">
        <FormField
          id={file.id}
          label={value ? "Replace with" : "Image file"}
          errors={errors}
          errorId={file.errorId}
          optional={!field.required || Boolean(value)}
          hint={field.hint}
        >
          <input
            id={file.id}
            name={file.name}
            type="file"
            accept={IMAGE_INPUT_ACCEPT}
            required={field.required && !value}
            aria-invalid={errors.length ? true : undefined}
            aria-describedby={file.errorId}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-brand-200"
          />
        </FormField>
      </div>
    </div>
  );
}
