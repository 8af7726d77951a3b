import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { FormResult } from "~/lib/form-result";
import { movedAnnouncement, withMoved } from "~/lib/milestone-order";

interface Move {
  id: string;
  position: number;
}

/**
 * The Milestones tab's reordering, apart from its rows (decision 0079). Every move asked for is kept
 * and shown over the saved order at once; the moves go to the server one after another, in the
 * order asked (requests sent together may arrive out of order, and a fetcher's second submit cancels
 * its first), and are dropped only when the last one has answered and the router shows the reloaded
 * order. A key pressed while an earlier move is still on its way is therefore never lost. A move's
 * place is absolute, so applying a saved move again over the reloaded order changes nothing.
 */
export function useMilestoneReorder<T extends { id: string; title: string }>(projectId: string, saved: readonly T[]) {
  const mover = useFetcher<FormResult>({ key: `milestone-order-${projectId}` });
  const [moves, setMoves] = useState<Move[]>([]);
  const [announcement, setAnnouncement] = useState("");
  // Moves sent or waiting their turn, and the chain that sends them in order.
  const unanswered = useRef(0);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const [answered, setAnswered] = useState(0);
  // The row moved from its handle: its handle keeps the focus while the rows move under it.
  const focusedRow = useRef<string | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());

  const shown = moves.reduce<T[]>((rows, move) => withMoved(rows, move.id, move.position), [...saved]);

  // The fetcher's state and the loader's rows come from the same router state: once every move has
  // answered and the fetcher shows idle, `saved` is the order after them (or, refused, before).
  useEffect(() => {
    if (unanswered.current === 0 && mover.state === "idle" && moves.length > 0) {
      setMoves([]);
    }
  }, [mover.state, answered, moves.length]);

  // React moves a row's node to reorder the list, which drops the focus when it is the focused
  // handle's row: give the handle the focus back, only when nothing else took it meanwhile.
  useLayoutEffect(() => {
    const id = focusedRow.current;
    if (!id) return;
    const dropped = document.activeElement === null || document.activeElement === document.body;
    if (dropped) handles.current.get(id)?.focus();
    if (moves.length === 0) focusedRow.current = null;
  });

  const submit = mover.submit;
  const send = useCallback(
    (move: Move) => {
      unanswered.current += 1;
      chain.current = chain.current
        .then(() => submit({ intent: "move-to", id: move.id, target: move.id, position: String(move.position) }, { method: "post" }))
        // A move that failed to reach the server leaves the saved order, shown once all have answered.
        .catch(() => undefined)
        .then(() => {
          unanswered.current -= 1;
          if (unanswered.current === 0) setAnswered((n) => n + 1);
        });
    },
    [submit],
  );

  function moveTo(id: string, position: number) {
    const row = shown.find((m) => m.id === id);
    if (!row || shown[position - 1]?.id === id) return;
    focusedRow.current = id;
    setMoves((asked) => [...asked, { id, position }]);
    send({ id, position });
    setAnnouncement(movedAnnouncement(row.title, position, shown.length));
  }

  function handleRef(id: string) {
    return (node: HTMLButtonElement | null) => {
      if (node) handles.current.set(id, node);
      else handles.current.delete(id);
    };
  }

  return {
    shown,
    moveTo,
    handleRef,
    announcement,
    /** The order shown is not yet the saved one. */
    busy: moves.length > 0,
    /** The server's refusal of the last move, shown once the list is back to the saved order. */
    refusal: mover.state === "idle" && moves.length === 0 && mover.data?.status === "error" ? mover.data : undefined,
  };
}
