import { EventEmitter } from "node:events";
import pg from "pg";
import type { AppEvent, EventBus } from "./bus.server";
import { logger } from "~/server/logger.server";
import { guardPoolErrors } from "~/server/db/pg-pool.server";
import { listenOnSchemaChannel } from "./event-channel.server";

const RECONNECT_MS = 1_000;

/**
 * The event bus over PostgreSQL LISTEN/NOTIFY: every instance on the same schema hears every
 * event, its own included (so local delivery takes the same path), on that schema's channel (an
 * install in another schema of the database hears none of them). Reconnects after connection loss.
 */
export async function createPostgresBus(connectionString: string): Promise<EventBus & { close(): Promise<void> }> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const publisher = guardPoolErrors(new pg.Pool({ connectionString, max: 2 }), "event bus publisher");
  let listener: pg.Client | undefined;
  let closed = false;
  // The channel of the install's schema (decision 0114), known once the listener has connected.
  let channel = "";

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on("notification", (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        local.emit("event", JSON.parse(message.payload) as AppEvent);
      } catch (error) {
        logger.warn({ err: error }, "unreadable event notification");
      }
    });
    client.once("error", (error) => {
      client.on("error", () => undefined); // a lost connection may report more than once
      logger.warn({ err: error }, "event bus listener lost its connection");
      void client.end().catch(() => undefined);
      if (listener === client) reconnectLater();
    });
    try {
      await client.connect();
      channel = await listenOnSchemaChannel(client);
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
    if (closed) return void client.end().catch(() => undefined);
    listener = client;
  }

  // Until it succeeds: a database restart can take longer than one retry (faults), and
  // without a listener no instance-wide event (cache invalidation, live pages) arrives here.
  function reconnectLater(): void {
    listener = undefined;
    if (closed) return;
    setTimeout(() => {
      if (closed) return;
      connect().then(
        () => logger.info("event bus listener reconnected"),
        (error: unknown) => {
          logger.warn({ err: error }, "event bus listener could not reconnect; retrying");
          reconnectLater();
        },
      );
    }, RECONNECT_MS).unref();
  }

  await connect();
  return {
    publish(event) {
      publisher.query("SELECT pg_notify($1, $2)", [channel, JSON.stringify(event)]).catch((error: unknown) => {
        logger.warn({ err: error, type: event.type }, "event not published");
      });
    },
    subscribe(handler) {
      local.on("event", handler);
      return () => local.off("event", handler);
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
