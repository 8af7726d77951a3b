import { useId, useState, type DragEvent, type KeyboardEvent } from "react";
import { useSearchParams } from "react-router";
import type { FormResult } from "~/lib/form-result";
import { positionForKey } from "~/lib/milestone-order";
import { useHydrated } from "~/lib/use-hydrated";
import { MilestoneItem, type MilestoneRow } from "./milestone-item";
import { OutcomeMessage } from "./milestone-outcome";
import { useMilestoneReorder } from "./use-milestone-reorder";

export type { MilestoneRow } from "./milestone-item";

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
  const { shown, moveTo, handleRef, announcement, busy, refusal } = useMilestoneReorder(projectId, milestones);
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);

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
      {refusal ? <OutcomeMessage outcome={refusal} /> : null}
      <ol
        className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        aria-label={`Milestones of ${projectTitle}`}
        // While a move is on its way (or waiting for one), the order shown is not yet the saved one.
        aria-busy={busy}
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
                    ref={handleRef(m.id)}
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
