import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { RowMenu, type RowMenuItem } from "~/components/console/row-menu";
import type { FormResult } from "~/lib/form-result";
import type { ApprovalView } from "~/lib/milestones";
import { ApprovalRequestForm, ApprovalRequestOutcome } from "./approval-request-form";
import { ApprovalState } from "./approval-state";
import { MilestoneForm } from "./milestone-form";
import { OutcomeMessage } from "./milestone-outcome";
import { MilestoneRowAction } from "./milestone-row-action";
import { MilestoneSummary } from "./milestone-summary";

export interface MilestoneRow {
  id: string;
  title: string;
  description: string;
  dueDate: string | null;
  status: string;
  approval: (ApprovalView & { id: string }) | null;
}

/** The forms a row opens on demand, named in the address so they open without JavaScript too. */
const PANELS = ["edit", "approval", "remove"] as const;
type Panel = (typeof PANELS)[number];

function panelHref(params: URLSearchParams, open?: { panel: Panel; id: string }): string {
  const next = new URLSearchParams(params);
  for (const name of PANELS) next.delete(name);
  if (open) next.set(open.panel, open.id);
  const query = next.toString();
  return `${query ? `?${query}` : "?"}${open ? `#milestone-${open.id}` : ""}`;
}

const ROW_INTENTS = ["move-up", "move-down", "withdraw-approval"];

/** The menu's Move up / Move down: the moves that work without JavaScript. */
function moveItem(m: MilestoneRow, direction: "up" | "down"): RowMenuItem {
  return {
    kind: "post",
    label: direction === "up" ? "Move up" : "Move down",
    intent: `move-${direction}`,
    id: m.id,
    fields: { target: m.id },
    accessibleLabel: `Move "${m.title}" ${direction}`,
  };
}

interface MilestoneItemProps {
  projectId: string;
  milestone: MilestoneRow;
  index: number;
  count: number;
  params: URLSearchParams;
  pageResult?: FormResult;
  locked: boolean;
  handle: React.ReactNode;
}

/** One milestone: what it is, its Actions menu, and the form a menu item opened. */
export function MilestoneItem({ projectId, milestone: m, index, count, params, pageResult, locked, handle }: MilestoneItemProps) {
  const pending = m.approval?.status === "pending";
  const open = (panel: Panel) => !locked && params.get(panel) === m.id;
  const close = panelHref(params);
  const items: RowMenuItem[] = locked
    ? []
    : [
        { kind: "link", label: "Edit", to: panelHref(params, { panel: "edit", id: m.id }), accessibleLabel: `Edit "${m.title}"` },
        pending
          ? {
              kind: "post",
              label: "Withdraw request",
              intent: "withdraw-approval",
              id: m.approval!.id,
              fields: { target: m.id },
              accessibleLabel: `Withdraw the request for approval of "${m.title}"`,
            }
          : {
              kind: "link",
              label: m.approval ? "Ask again" : "Ask for approval",
              to: panelHref(params, { panel: "approval", id: m.id }),
            },
        ...(index > 0 ? [moveItem(m, "up")] : []),
        ...(index < count - 1 ? [moveItem(m, "down")] : []),
        { kind: "link", label: "Remove…", to: panelHref(params, { panel: "remove", id: m.id }), accessibleLabel: `Remove "${m.title}"` },
      ];
  const rowAnswer = pageResult && ROW_INTENTS.includes(pageResult.intent ?? "") && pageResult.targetId === m.id ? pageResult : undefined;
  return (
    <div className="space-y-2">
      <MilestoneSummary
        milestone={m}
        heading="h4"
        before={handle}
        after={<RowMenu label="Actions" accessibleLabel={`Actions for "${m.title}"`} items={items} />}
      />
      {m.approval ? <ApprovalState approval={m.approval} /> : null}
      <ApprovalRequestOutcome projectId={projectId} subjectId={m.id} pageResult={pageResult} />
      {rowAnswer ? <OutcomeMessage outcome={rowAnswer} /> : null}
      {open("edit") ? (
        <Panel title={`Edit "${m.title}"`} close={close}>
          <MilestoneForm projectId={projectId} milestone={m} pageResult={pageResult} />
        </Panel>
      ) : null}
      {open("approval") && !pending ? (
        <Panel title={m.approval ? `Ask again: "${m.title}"` : `Ask for approval: "${m.title}"`} close={close}>
          <ApprovalRequestForm
            projectId={projectId}
            subjectType="milestone"
            subjectId={m.id}
            subjectTitle={m.title}
            again={m.approval !== null}
            pageResult={pageResult}
          />
        </Panel>
      ) : null}
      {open("remove") ? (
        <Panel title={`Remove "${m.title}"?`} close={close} closeLabel="Cancel" tone="danger">
          <p className="text-sm">The client no longer sees it; a request for its approval that is still waiting is withdrawn.</p>
          <MilestoneRowAction
            projectId={projectId}
            intent="remove"
            id={m.id}
            label="Remove milestone"
            accessibleLabel={`Remove milestone "${m.title}"`}
            tone="danger"
            pageResult={pageResult}
          />
        </Panel>
      ) : null}
    </div>
  );
}

function Panel({
  title,
  close,
  closeLabel = "Close",
  tone = "plain",
  children,
}: {
  title: string;
  close: string;
  closeLabel?: string;
  tone?: "plain" | "danger";
  children: React.ReactNode;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a row's menu, the form takes the focus the closed menu gave up.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby={headingId}
      className={`space-y-3 rounded-xl border p-4 ${
        tone === "danger"
          ? "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
          : "border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-950"
      }`}
    >
      <div className="flex items-center justify-between gap-2">
        <h5 id={headingId} ref={heading} tabIndex={-1} className="text-sm font-semibold focus:outline-none">
          {title}
        </h5>
        <Link
          to={close}
          preventScrollReset
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          {closeLabel}
        </Link>
      </div>
      {children}
    </section>
  );
}
