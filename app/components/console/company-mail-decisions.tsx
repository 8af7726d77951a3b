import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";

/** "Clients may decide approvals from e-mail" on the console's company page (decision 0099). */
export function CompanyMailDecisions({ allowed, outcome }: { allowed: boolean; outcome?: FormResult }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "set-mail-decisions";
  return (
    <section
      aria-labelledby="mail-decisions-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id="mail-decisions-heading" className="font-semibold text-slate-900 dark:text-white">
        Clients may decide approvals from e-mail: {allowed ? "on" : "off"}
      </h3>
      <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
        {allowed
          ? "Approval request e-mails carry Approve and Request changes links, each for one member, once, for 7 days. Turn this off for a sensitive company."
          : "Members decide approvals in the portal only; links already sent are refused."}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="set-mail-decisions" />
        <input type="hidden" name="mailDecisions" value={allowed ? "off" : "on"} />
        <button type="submit" className="btn-secondary px-3 py-1.5" disabled={pending}>
          {pending ? "Saving..." : allowed ? "Turn off" : "Turn on"}
        </button>
      </Form>
      <div className="mt-3">
        <ActionMessage outcome={outcome} />
      </div>
    </section>
  );
}
