import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { InputField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { clientInviteSchema } from "~/lib/schemas/client-invitations";

// One invitation form for the console (staff) and the portal's Team page (a client admin).

const constraint = getZodConstraint(clientInviteSchema);

export function ClientInviteForm({ outcome, id = "invite-client" }: { outcome?: FormResult; id?: string }) {
  const navigation = useNavigation();
  const inviting = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const [form, fields] = useForm({
    id,
    lastResult: outcome?.result,
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: clientInviteSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="invite" />
      <InputField field={fields.name} type="text" label="Name" autoComplete="off" />
      <InputField field={fields.email} type="email" label="E-mail" autoComplete="off" />
      <div className="flex items-start gap-2">
        <input
          {...getInputProps(fields.clientAdmin, { type: "checkbox" })}
          className="mt-1 h-4 w-4"
          aria-describedby={`${fields.clientAdmin.id}-hint`}
        />
        <div>
          <label htmlFor={fields.clientAdmin.id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Client admin
          </label>
          <p id={`${fields.clientAdmin.id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            May invite and remove teammates.
          </p>
        </div>
      </div>
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={inviting}>
        {inviting ? "Sending..." : "Send invitation"}
      </button>
    </Form>
  );
}
