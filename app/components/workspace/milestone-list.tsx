import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { RowMenu, type RowMenuItem } from "~/components/console/row-menu";
import type { FormResult } from "~/lib/form-result";
import { movedAnnouncement, positionForKey, withMoved } from "~/lib/milestone-order";
import type { ApprovalView } from "~/lib/milestones";
import { useHydrated } from "~/lib/use-hydrated";
import { useDates } from "~/lib/use-place";
import { ApprovalRequestForm, ApprovalRequestOutcome } from "./approval-request-form";
import { ApprovalState } from "./approval-state";
import { MilestoneForm } from "./milestone-form";
import { OutcomeMessage } from "./milestone-outcome";
import { MilestoneRowAction } from "./milestone-row-action";
import { MilestoneStatusBadge } from "./milestone-status-badge";

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

interface MilestoneListProps {
  projectId: string;
  projectTitle: string;
  milestones: MilestoneRow[];
  pageResult?: FormResult;
  locked: boolean;
}

/**
 * The Milestones tab's list, read first: each row shows title, status, due date and approval, and
 * keeps its changes behind an Actions menu. Rows reorder by dragging their handle, or from the
 * keyboard on it (arrows, Home, End), saved at once and announced; the menu's Move up / Move down
 * do the same without JavaScript. Native drag and drop plus our own keys: decision 0079.
 */
export function MilestoneList({ projectId, projectTitle, milestones, pageResult, locked }: MilestoneListProps) {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const instructionsId = useId();
  const mover = useFetcher<FormResult>({ key: `milestone-order-${projectId}` });
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  // The row being moved from its handle and where to: its handle keeps the focus until it is there.
  const refocus = useRef<{ id: string; position: number; sent: boolean } | null>(null);

  // One move on its way at a time: requests sent together may reach the server out of order. A
  // move asked for meanwhile waits here (the latest only, its place is absolute) and goes next.
  const [queued, setQueued] = useState<{ id: string; position: number } | null>(null);

  // The list already shows the moves on their way and waiting; the reload after them confirms it.
  const moving = mover.formData?.get("intent") === "move-to" ? mover.formData : undefined;
  let shown = moving ? withMoved(milestones, String(moving.get("id")), Number(moving.get("position"))) : milestones;
  if (queued) shown = withMoved(shown, queued.id, queued.position);

  const submitMove = mover.submit;
  const send = useCallback(
    (move: { id: string; position: number }) =>
      void submitMove({ intent: "move-to", id: move.id, target: move.id, position: String(move.position) }, { method: "post" }),
    [submitMove],
  );

  useEffect(() => {
    if (mover.state !== "idle" || !queued) return;
    send(queued);
    // The fetcher (outside React's state) became free: hand it the waiting move.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setQueued(null);
  }, [mover.state, queued, send]);

  // A moved row's node moves in the page, which drops the focus: give its handle the focus back.
  // The node may move a render or two after the key (when the fetcher starts), so this holds until
  // the row is in its place or the move is over; it takes back only a focus that was dropped.
  useLayoutEffect(() => {
    if (!refocus.current) return;
    const { id, position } = refocus.current;
    const handle = handles.current.get(id);
    const dropped = document.activeElement === null || document.activeElement === document.body;
    if (handle && (dropped || document.activeElement === handle)) handle.focus();
    if (mover.state !== "idle") refocus.current.sent = true;
    // In place, or refused and back where it was: nothing more will move.
    if (shown[position - 1]?.id === id || (refocus.current.sent && mover.state === "idle" && !queued)) refocus.current = null;
  });

  function moveTo(id: string, position: number) {
    const row = shown.find((m) => m.id === id);
    if (!row || shown[position - 1]?.id === id) return;
    refocus.current = { id, position, sent: false };
    if (mover.state === "idle") send({ id, position });
    else setQueued({ id, position });
    setAnnouncement(movedAnnouncement(row.title, position, shown.length));
  }

  function onHandleKey(event: KeyboardEvent, id: string, index: number) {
    const position = positionForKey(event.key, index, shown.length);
    if (position === undefined) return;
    event.preventDefault();
    moveTo(id, position);
  }

  function onDragStart(event: DragEvent, id: string) {
    setDragging(id);
    event.dataTransfer.effectAllowed = "move";
    // Firefox starts a drag only with data; the whole row is the picture that follows the pointer.
    event.dataTransfer.setData("text/plain", shown.find((m) => m.id === id)?.title ?? "");
    const row = document.getElementById(`milestone-${id}`);
    if (row) event.dataTransfer.setDragImage(row, 16, 16);
  }

  function endDrag() {
    setDragging(null);
    setDropAt(null);
  }

  if (milestones.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
        No milestones yet. Add the first one below.
      </p>
    );

  const canReorder = hydrated && !locked && shown.length > 1;
  return (
    <div className="space-y-2">
      {canReorder ? (
        <p id={instructionsId} className="text-sm text-slate-600 dark:text-slate-400">
          To reorder, drag a row by its handle, or focus the handle and press Arrow Up or Arrow Down.
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {mover.state === "idle" && mover.data?.status === "error" ? <OutcomeMessage outcome={mover.data} /> : null}
      <ol
        className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        aria-label={`Milestones of ${projectTitle}`}
        // While a move is on its way (or waiting for one), the order shown is not yet the saved one.
        aria-busy={mover.state !== "idle" || queued !== null}
      >
        {shown.map((m, index) => (
          <li
            key={m.id}
            id={`milestone-${m.id}`}
            className={`scroll-mt-24 p-4 ${dragging === m.id ? "opacity-60" : ""} ${
              dropAt === index && dragging !== m.id ? "outline-2 -outline-offset-2 outline-brand-600 outline-dashed" : ""
            }`}
            onDragOver={(event) => {
              if (!dragging) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = "move";
              setDropAt(index);
            }}
            onDrop={(event) => {
              if (!dragging) return;
              event.preventDefault();
              moveTo(dragging, index + 1);
              endDrag();
            }}
          >
            <MilestoneItem
              projectId={projectId}
              milestone={m}
              index={index}
              count={shown.length}
              params={params}
              pageResult={pageResult}
              locked={locked}
              handle={
                canReorder ? (
                  <button
                    ref={(node) => {
                      if (node) handles.current.set(m.id, node);
                      else handles.current.delete(m.id);
                    }}
                    type="button"
                    draggable
                    aria-label={`Move ${m.title}, position ${index + 1} of ${shown.length}`}
                    aria-describedby={instructionsId}
                    className="cursor-grab rounded-md border border-slate-300 px-2 py-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:cursor-grabbing dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
                    onKeyDown={(event) => onHandleKey(event, m.id, index)}
                    onDragStart={(event) => onDragStart(event, m.id)}
                    onDragEnd={endDrag}
                  >
                    <span aria-hidden="true">⠿</span>
                  </button>
                ) : null
              }
            />
          </li>
        ))}
      </ol>
    </div>
  );
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

function MilestoneItem({ projectId, milestone: m, index, count, params, pageResult, locked, handle }: MilestoneItemProps) {
  const { formatCalendarDate } = useDates();
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
        ...(index > 0
          ? [
              {
                kind: "post",
                label: "Move up",
                intent: "move-up",
                id: m.id,
                fields: { target: m.id },
                accessibleLabel: `Move "${m.title}" up`,
              } as const,
            ]
          : []),
        ...(index < count - 1
          ? [
              {
                kind: "post",
                label: "Move down",
                intent: "move-down",
                id: m.id,
                fields: { target: m.id },
                accessibleLabel: `Move "${m.title}" down`,
              } as const,
            ]
          : []),
        { kind: "link", label: "Remove…", to: panelHref(params, { panel: "remove", id: m.id }), accessibleLabel: `Remove "${m.title}"` },
      ];
  const rowAnswer = pageResult && ROW_INTENTS.includes(pageResult.intent ?? "") && pageResult.targetId === m.id ? pageResult : undefined;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {handle}
        <h4 className="font-semibold text-slate-900 dark:text-white">{m.title}</h4>
        <MilestoneStatusBadge status={m.status} />
        {m.dueDate ? (
          <span className="text-sm text-slate-600 dark:text-slate-400">
            Due <time dateTime={m.dueDate}>{formatCalendarDate(m.dueDate)}</time>
          </span>
        ) : null}
        <span className="ml-auto">
          <RowMenu label="Actions" accessibleLabel={`Actions for "${m.title}"`} items={items} />
        </span>
      </div>
      {m.description ? <p className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{m.description}</p> : null}
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
