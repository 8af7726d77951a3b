import { expect, test } from "vitest";
import { movedAnnouncement, positionForKey, withMoved } from "~/lib/milestone-order";

const rows = ["Design", "Build", "Launch"].map((id) => ({ id }));
const ids = (list: { id: string }[]) => list.map((r) => r.id);

test("A moved row lands at the place asked, and a place past either end is that end", () => {
  expect(ids(withMoved(rows, "Launch", 1))).toEqual(["Launch", "Design", "Build"]);
  expect(ids(withMoved(rows, "Design", 2))).toEqual(["Build", "Design", "Launch"]);
  expect(ids(withMoved(rows, "Design", 9))).toEqual(["Build", "Launch", "Design"]);
  expect(ids(withMoved(rows, "Build", 0))).toEqual(["Build", "Design", "Launch"]);
  expect(ids(withMoved(rows, "Gone", 1))).toEqual(["Design", "Build", "Launch"]);
});

test("On a handle, Arrow Up and Down move one place, Home and End to either end; other keys and moves off the list do nothing", () => {
  expect(positionForKey("ArrowUp", 1, 3)).toBe(1);
  expect(positionForKey("ArrowDown", 1, 3)).toBe(3);
  expect(positionForKey("Home", 2, 3)).toBe(1);
  expect(positionForKey("End", 0, 3)).toBe(3);
  expect(positionForKey("ArrowUp", 0, 3)).toBeUndefined();
  expect(positionForKey("ArrowDown", 2, 3)).toBeUndefined();
  expect(positionForKey("Home", 0, 3)).toBeUndefined();
  expect(positionForKey("Enter", 1, 3)).toBeUndefined();
});

test("A move is announced with the row's new place", () => {
  expect(movedAnnouncement("Launch", 2, 3)).toBe("Moved Launch to position 2 of 3.");
});
