import type { FieldMetadata } from "@conform-to/react";
import { InputField } from "~/components/forms/form-field";

/** A new password and its repeat, as every form that sets one asks for them; `min` is shown as the hint. */
export function NewPasswordFields<Schema>({
  password,
  confirm,
  min,
  label = "Password",
}: {
  password: FieldMetadata<Schema>;
  confirm: FieldMetadata<Schema>;
  min?: number;
  label?: "Password" | "New password";
}) {
  return (
    <>
      <InputField
        field={password}
        type="password"
        label={label}
        hint={min ? `At least ${min} characters.` : undefined}
        autoComplete="new-password"
      />
      <InputField
        field={confirm}
        type="password"
        label={label === "Password" ? "Repeat password" : "Repeat new password"}
        autoComplete="new-password"
      />
    </>
  );
}
