import type { ButtonHTMLAttributes } from "react";
import { Form } from "react-router";

interface GetButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  to: string;
  /** Query parameters the button adds, e.g. `{ edit: "1" }`. */
  params?: Record<string, string>;
}

/**
 * A real button that also works without JavaScript: it submits a GET form to `to`. With
 * JavaScript, an onClick that calls preventDefault replaces the navigation (e.g. opening a dialog).
 */
export function GetButton({ to, params = {}, children, ...button }: GetButtonProps) {
  return (
    <Form method="get" action={to} className="contents">
      {Object.entries(params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" {...button}>
        {children}
      </button>
    </Form>
  );
}
