import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";
import { SignFields } from "./sign-fields";

// The agency's countersignature of an accepted proposal that asks for one (decision 0093): the
// same fields as the client's signature, over the document the client signed.

export function CountersignForm({ outcome }: { outcome: FormResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <section aria-labelledby="countersign-heading" className="rounded-lg border border-amber-300 p-4 dark:border-amber-700">
      <h3 id="countersign-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Countersign
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        The client has signed. Countersign the same document for the agency: both sides then receive the signed PDF.
      </p>
      <Form method="post" className="mt-2" noValidate>
        <input type="hidden" name="intent" value="countersign" />
        <ActionMessage outcome={outcome} />
        <SignFields outcome={outcome} idPrefix="countersign-" />
        <button type="submit" className="btn-primary mt-4" disabled={busy}>
          Countersign
        </button>
      </Form>
    </section>
  );
}
