import { Form, useNavigation } from "react-router";

/**
 * A member's "receives invoices" switch (the console's company page, the portal's Team page). It
 * posts the value it turns to, so a double submit sets the same value twice; a plain form, so it
 * works without JavaScript.
 */
export function ReceivesInvoicesSwitch({ member, who }: { member: { id: string; receivesInvoices: boolean }; who: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "set-receives-invoices" &&
    navigation.formData.get("id") === member.id;
  const on = member.receivesInvoices;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="set-receives-invoices" />
      <input type="hidden" name="id" value={member.id} />
      <input type="hidden" name="receivesInvoices" value={on ? "off" : "on"} />
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-label={`Receives invoices: ${who}`}
        disabled={pending}
        className="inline-flex items-center gap-2 rounded-full text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span
          aria-hidden="true"
          className={`relative h-6 w-11 rounded-full transition-colors ${on ? "bg-brand-600" : "bg-slate-300 dark:bg-slate-600"}`}
        >
          <span className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${on ? "left-5" : "left-0.5"}`} />
        </span>
        <span className="text-slate-700 dark:text-slate-300">{on ? "On" : "Off"}</span>
      </button>
    </Form>
  );
}
