import { useMemo, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { CalendarTime, Time } from "~/components/time";
import type { FormResult } from "~/lib/form-result";
import { portalInvoiceLink, projectLink, signedProposalPdfLink } from "~/lib/links";
import { computeTotals } from "~/lib/money";
import { formatMinorUnits } from "~/lib/money-format";
import { depositLines, proposalTotals, type ProposalContent } from "~/lib/proposals";
import { useHydrated } from "~/lib/use-hydrated";
import { DECLINE_REASON_MAX_LENGTH } from "~/lib/schemas/proposals";
import type { ProposalPageData } from "~/lib/proposal-page";
import { ProposalPrice } from "./proposal-price";
import { fieldError, SignFields, typed } from "./sign-fields";

// A proposal as its client reads it, in the portal or through a link: the document, then the
// sign and decline forms while it is open, or its final state. The optional items tick in a GET
// form of their own ("Update total" without JavaScript); the sign form carries the chosen ids and
// the total the page shows, which the server checks again.

export const AWAITING_COUNTERSIGN = "The agency countersigns it next; you will receive the signed PDF by e-mail then.";

function depositTotal(content: ProposalContent, optionalIds: readonly string[]): number {
  const lines = depositLines(content, proposalTotals(content, optionalIds));
  return lines.length === 0 ? 0 : computeTotals(lines, 0).total;
}

export function ProposalView({ data, outcome: action }: { data: ProposalPageData; outcome?: FormResult }) {
  const { proposal, locale, reader, outcome } = data;
  const content = proposal.content;
  const money = (minor: number) => formatMinorUnits(minor, content.currency, locale);
  const open = (proposal.status === "sent" || proposal.status === "viewed") && !proposal.expired;
  const [chosen, setChosen] = useState<string[]>(data.optionalIds);
  // Ticks with JavaScript update the total at once; the GET form's button is for pages without it.
  const hydrated = useHydrated();
  const totals = useMemo(() => proposalTotals(content, chosen), [content, chosen]);
  const deposit = useMemo(() => depositTotal(content, chosen), [content, chosen]);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const acceptOutcome = action?.intent === "accept" ? action : undefined;
  const declineOutcome = action?.intent === "decline" ? action : undefined;

  return (
    <article aria-labelledby="proposal-title" className="mx-auto max-w-4xl">
      <header className="mb-6">
        <h1 id="proposal-title" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {content.title}
        </h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          For {proposal.clientName} · Version {proposal.version} · Valid until <CalendarTime date={content.validUntil} />
        </p>
      </header>

      {proposal.status === "accepted" ? (
        <section
          aria-labelledby="signed-heading"
          role="status"
          className="mb-8 rounded-lg bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <h2 id="signed-heading" className="text-xl font-semibold">
            Signed. Your project has started.
          </h2>
          {outcome?.signerName && outcome.signedAt ? (
            <p className="mt-2">
              Signed by {outcome.signerName} on <Time at={outcome.signedAt} withTime />.
            </p>
          ) : null}
          {outcome?.documentSha256 ? (
            <p className="mt-2 break-all">
              Fingerprint of the signed document (SHA-256): <code data-testid="document-sha256">{outcome.documentSha256}</code>
            </p>
          ) : null}
          {outcome?.awaitingCountersign ? (
            <p className="mt-2">{AWAITING_COUNTERSIGN}</p>
          ) : outcome?.signedAt && reader === "member" ? (
            <p className="mt-2">
              <a href={signedProposalPdfLink("client", proposal.id)} className="underline" download>
                Download the signed PDF
              </a>
            </p>
          ) : outcome?.signedAt ? (
            <p className="mt-2">The signed PDF is in your e-mail.</p>
          ) : null}
          {reader === "link" ? (
            <p className="mt-2 font-semibold">Check your e-mail to set your password: we sent you an invitation to the client portal.</p>
          ) : (
            <p className="mt-2 flex flex-wrap gap-4">
              {outcome?.projectId ? (
                <Link to={projectLink("client", outcome.projectId)} className="underline">
                  Open the project
                </Link>
              ) : null}
              {outcome?.invoiceId ? (
                <Link to={portalInvoiceLink(outcome.invoiceId)} className="underline">
                  See the deposit invoice
                </Link>
              ) : null}
            </p>
          )}
        </section>
      ) : null}
      {proposal.status === "declined" ? (
        <section role="status" className="mb-8 rounded-lg bg-slate-100 p-4 text-slate-900 dark:bg-slate-800 dark:text-slate-100">
          <h2 className="text-xl font-semibold">You declined this proposal.</h2>
          {outcome?.declineReason ? <p className="mt-2 whitespace-pre-line">Your reason: {outcome.declineReason}</p> : null}
        </section>
      ) : null}
      {proposal.expired ? (
        <p role="status" className="mb-8 rounded-lg bg-amber-50 p-4 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          This proposal has expired. Ask the agency for a new one.
        </p>
      ) : null}

      {content.sections.map((section, i) => (
        <section key={i} className="mb-6">
          {section.heading ? <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{section.heading}</h2> : null}
          <div
            className="prose-copy mt-2 text-slate-700 dark:text-slate-300"
            dangerouslySetInnerHTML={{ __html: data.sectionsHtml[i] ?? "" }}
          />
        </section>
      ))}

      {content.phases.length > 0 ? (
        <section aria-labelledby="phases-heading" className="mb-6">
          <h2 id="phases-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            Phases
          </h2>
          <ol className="mt-2 list-decimal space-y-2 pl-6">
            {content.phases.map((phase, i) => (
              <li key={i}>
                <strong>{phase.title}</strong>
                {phase.dueInDays !== null ? <> — due {phase.dueInDays} days after acceptance</> : null}
                {phase.description ? <p className="text-slate-700 dark:text-slate-300">{phase.description}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <ProposalPrice
        content={content}
        chosen={chosen}
        onToggle={(id, on) => setChosen((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)))}
        open={open}
        withButton={open && !hydrated}
        totals={totals}
        deposit={deposit}
        locale={locale}
      />

      {content.terms ? (
        <section aria-labelledby="terms-heading" className="mb-6">
          <h2 id="terms-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            Terms
          </h2>
          <div className="prose-copy mt-2 text-slate-700 dark:text-slate-300" dangerouslySetInnerHTML={{ __html: data.termsHtml }} />
        </section>
      ) : null}

      {open ? (
        <section aria-labelledby="sign-heading" className="mb-6 rounded-lg border border-slate-300 p-4 dark:border-slate-600">
          <h2 id="sign-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            Accept and sign
          </h2>
          <Form method="post" className="mt-2" noValidate>
            <input type="hidden" name="intent" value="accept" />
            <input type="hidden" name="version" value={proposal.version} />
            <input type="hidden" name="total" value={totals.total} />
            {chosen.map((id) => (
              <input key={id} type="hidden" name="items" value={id} />
            ))}
            <p className="mb-3">
              You accept {content.title} for <strong className="tabular-nums">{money(totals.total)}</strong>
              {content.depositBp > 0 ? <>, with a deposit of {money(deposit)} invoiced on acceptance</> : null}.
            </p>
            <ActionMessage outcome={acceptOutcome} />
            <SignFields outcome={acceptOutcome} />
            <button type="submit" className="btn-primary mt-4" disabled={busy}>
              Sign and accept
            </button>
          </Form>
        </section>
      ) : null}

      {open ? (
        <section aria-labelledby="decline-heading" className="mb-6">
          <h2 id="decline-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            Decline
          </h2>
          <Form method="post" className="mt-2" noValidate>
            <input type="hidden" name="intent" value="decline" />
            <ActionMessage outcome={declineOutcome} />
            <label htmlFor="reason" className="field-label">
              Why not? (optional)
            </label>
            <textarea
              id="reason"
              name="reason"
              rows={3}
              maxLength={DECLINE_REASON_MAX_LENGTH}
              className="field-input"
              defaultValue={typed(declineOutcome, "reason")}
              aria-invalid={fieldError(declineOutcome, "reason") ? true : undefined}
              aria-describedby={fieldError(declineOutcome, "reason") ? "reason-error" : undefined}
            />
            {fieldError(declineOutcome, "reason") ? (
              <p id="reason-error" className="field-error">
                {fieldError(declineOutcome, "reason")}
              </p>
            ) : null}
            <button type="submit" className="btn-danger mt-3" disabled={busy}>
              Decline this proposal
            </button>
          </Form>
        </section>
      ) : null}
    </article>
  );
}
