import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import { FormField, InputField } from "~/components/forms/form-field";
import { projectSchema } from "~/lib/schemas/projects";
import { FormError } from "~/components/forms/form-error";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(projectSchema);

interface ProjectFormProps {
  lastResult?: SubmissionResult<string[]>;
  formError?: string;
}

export function ProjectForm({ lastResult, formError }: ProjectFormProps) {
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create-project";
  const [form, fields] = useForm({
    id: "new-project",
    lastResult,
    constraint,
    // Browsers check required fields until hydration; Conform takes over afterwards.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: projectSchema }),
  });

  return (
    <Form
      method="post"
      action={href("/user-dashboard/projects")}
      {...getFormProps(form)}
      aria-labelledby="create-project-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="create-project-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Start a new project
      </h2>
      <input type="hidden" name="intent" value="create-project" />
      <InputField field={fields.title} type="text" label="Title" />
      <FormField id={fields.description.id} label="Description" errors={fields.description.errors} errorId={fields.description.errorId}>
        <textarea {...getTextareaProps(fields.description)} rows={4} className="field-input" />
      </FormField>
      <FormError message={formError} />
      <button type="submit" className="btn-primary" disabled={creating}>
        {creating ? "Creating..." : "Create Project"}
      </button>
    </Form>
  );
}
