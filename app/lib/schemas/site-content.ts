import { z } from "~/lib/zod";
import { RESERVED_SLUGS, type ContentTypeDef, type FieldDef } from "~/lib/site-content";

// One schema per content type, built from its field definitions (app/lib/site-content.ts), shared
// by the console's editor and its action. The server checks Markdown links once more on the parsed
// tree (models/site/markdown.server.ts); this catches the plain cases while typing.

export const UNSAFE_LINK_MESSAGE = "Links to javascript:, data: or vbscript: addresses are not allowed. Use an https:// address.";

// A link or image destination (inline, autolink or reference definition) starting with a script scheme.
const UNSAFE_LINK = /(\]\(\s*<?|<|^\s*\[[^\]]*\]:\s*<?)\s*(javascript|vbscript|data)\s*:/im;

export function hasUnsafeLink(markdown: string): boolean {
  return UNSAFE_LINK.test(markdown);
}

function text(field: FieldDef) {
  const max = field.max ?? 200;
  const base = z.string().trim().max(max, `${field.label} must be ${max} characters or fewer.`);
  return field.required ? base.min(1, `${field.label} is required.`) : base;
}

/**
 * A text field's string: Conform hands an empty field over as undefined, which a required field
 * refuses with its message and an optional one takes as "".
 */
function present(field: FieldDef, schema: z.ZodType<string, string>) {
  const required = `${field.label} is required.`;
  // Optional: the field's own checks made optional, not piped after an optional string — Conform's
  // type coercion hands the pipe's inner string the undefined and it refuses an emptied field.
  return field.required ? z.string({ error: required }).pipe(schema) : schema.optional().transform((value) => value ?? "");
}

const IMAGE_VALUE_MESSAGE = "Choose an image file to upload.";

interface SchemaOptions {
  /** The post carries an image file for the type's image field. */
  upload?: boolean;
}

function fieldSchema(field: FieldDef, options: SchemaOptions): z.ZodType {
  const required = `${field.label} is required.`;
  switch (field.type) {
    case "text":
    case "textarea":
      return present(field, text(field));
    case "markdown":
      return present(
        field,
        text(field).refine((value) => !hasUnsafeLink(value), UNSAFE_LINK_MESSAGE),
      );
    case "slug":
      return z
        .string({ error: required })
        .trim()
        .toLowerCase()
        .min(1, required)
        .max(field.max ?? 80, `${field.label} must be ${field.max ?? 80} characters or fewer.`)
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens, e.g. web-development.")
        .refine((value) => !RESERVED_SLUGS.has(value), "That address is taken by the site itself. Choose another slug.");
    case "image":
      // A path of the site's own images (the seeded art) or an uploaded image, "media:<id>". With a
      // file chosen (`upload`), the field may be empty: the action stores the file and fills it in.
      return present(
        { ...field, required: field.required && !options.upload },
        z
          .string()
          .trim()
          .min(field.required && !options.upload ? 1 : 0, `Choose an image file for ${field.label}.`)
          .max(field.max ?? 200, `${field.label} must be ${field.max ?? 200} characters or fewer.`)
          .regex(/^(\/images\/[\w./-]+|media:[0-9a-f-]{36})?$/, IMAGE_VALUE_MESSAGE)
          .refine((value) => !value.includes(".."), IMAGE_VALUE_MESSAGE),
      );
    case "url":
      return present(
        field,
        z
          .string()
          .trim()
          .max(field.max ?? 400, `${field.label} must be ${field.max ?? 400} characters or fewer.`)
          .refine((value) => value === "" || /^(https?:\/\/|\/)/.test(value), "Give an https:// address or a path of this site."),
      );
    case "number":
      return z.coerce
        .number({ error: `${field.label} must be a number.` })
        .int(`${field.label} must be a whole number.`)
        .min(0, `${field.label} must be 0 or more.`)
        .max(100_000, `${field.label} must be 100000 or less.`)
        .default(0);
    case "boolean":
      return z
        .union([z.literal("on"), z.literal("true"), z.boolean()])
        .optional()
        .transform((value) => value === true || value === "on" || value === "true");
    case "list": {
      const max = field.max ?? 30;
      return z
        .union([z.string(), z.array(z.string())])
        .optional()
        .transform((value) =>
          (Array.isArray(value) ? value : (value ?? "").split(/\r?\n/)).map((line) => line.trim()).filter((line) => line !== ""),
        )
        .pipe(
          z
            .array(
              z
                .string()
                .max(300, `Each line of ${field.label} must be 300 characters or fewer.`)
                .refine(
                  (line) => !field.pairs || /^[^|]*\S[^|]*\|[^|]*\S[^|]*$/.test(line),
                  `Write each line of ${field.label} as two parts with a | between them.`,
                ),
            )
            .min(field.required ? 1 : 0, `${field.label} needs at least one line.`)
            .max(max, `${field.label} takes at most ${max} lines.`),
        );
    }
  }
}

/** Whether a posted form carries a chosen file (an empty file input posts a nameless, empty part). */
export function hasImageFile(formData: FormData): boolean {
  const file = formData.get("file");
  return typeof file === "object" && file !== null && file.size > 0;
}

/** The editor's schema for one type: its fields plus the version the editor started from. */
export function siteContentSchema(def: ContentTypeDef, options: SchemaOptions = {}) {
  const shape: Record<string, z.ZodType> = {
    lockVersion: z.coerce.number({ error: "Reload the page: the form lost its version." }).int().min(0),
  };
  for (const field of def.fields) shape[field.name] = fieldSchema(field, options);
  return z.object(shape);
}
