import { EventEmitter } from "node:events";

/** Everything the app announces; SSE routes and caches subscribe by topic. */
export type AppEvent =
  | { type: "opening.changed"; id: string }
  | { type: "testimonial.changed"; id: string }
  | { type: "quote.created"; id: string }
  | { type: "quote.changed"; id: string }
  | { type: "application.changed"; id: string }
  | { type: "application.created"; id: string; jobId: string }
  | { type: "mail.enqueued" }
  // A webhook event was written (decision 0103): wakes the delivery workers of every instance.
  | { type: "webhook.enqueued" }
  // Portal data: companyId lets a member's stream forward their company's changes only.
  | { type: "project.changed"; id: string; companyId: string }
  | { type: "complaint.changed"; id: string; companyId: string }
  // A company's own details or account team changed: staff consoles only (id: the company's).
  | { type: "company.changed"; id: string }
  // An internal note on a request: staff consoles only, never a portal stream.
  | { type: "complaint.noted"; id: string; companyId: string | null }
  // A client member was removed, or their company closed; every instance ends that
  // user's open streams at once. Never forwarded to a browser.
  | { type: "client.access-changed"; userId: string }
  // A staff member was disabled, removed or given another role; every instance
  // ends that user's open streams at once (sse.server.ts `endWhen`). Never forwarded to a browser.
  | { type: "staff.access-changed"; userId: string }
  // This person's notifications changed (a new one, or read elsewhere): their bell only.
  | { type: "notification.changed"; userId: string }
  // An invoice or credit note was written (console Billing) or paid (Stripe's webhook): consoles with
  // the billing area, and its company's portal streams (decision 0086).
  | { type: "invoice.changed"; id: string; companyId: string }
  // A proposal was written, sent, viewed, accepted, countersigned or declined: consoles with leads,
  // and the portal streams of its company (when it has one).
  | { type: "proposal.changed"; id: string; companyId: string | null }
  // A row a session lookup reads (users, sessions, companies) was written: every instance drops its
  // cached lookups (decision 0107). Never forwarded to a browser.
  | { type: "auth.changed" }
  // The brand, settings or published site content changed: every page may show it.
  | { type: "site.changed" };

/** The bus seen by the app. In-process now; a PostgreSQL LISTEN/NOTIFY adapter can replace it. */
export interface EventBus {
  publish(event: AppEvent): void;
  subscribe(listener: (event: AppEvent) => void): () => void;
}

function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  // Every open SSE stream is a listener: lift Node's leak warning threshold.
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit("event", event);
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
  };
}

let bus: EventBus = createLocalBus();

export function events(): EventBus {
  return bus;
}

/** Swaps the transport (e.g. for LISTEN/NOTIFY) at startup. */
export function setEventBus(next: EventBus): void {
  bus = next;
}
