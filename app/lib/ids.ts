import { v7 as uuidv7 } from "uuid";

export function newId(): string {
  return crypto.randomUUID();
}

/**
 * An id that sorts in the order rows were written (UUIDv7, monotonic within a process), for rows
 * listed by time where two written in the same millisecond must still keep their order (the audit
 * log: a create and the edit right after it). Not for anything that must be unguessable.
 */
export function newOrderedId(): string {
  return uuidv7();
}
