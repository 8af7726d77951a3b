import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from "kysely";

// Decision 0107: caches above the database (the session lookup's) must hear of every write to the
// rows they hold, whoever makes it (our models, Better Auth's adapter, a raw statement), and only
// once it is committed: a reader that looked between the statement and the commit would otherwise
// store what is about to change. So the watch sits on the driver, which sees both.

type Listener = () => void;
const watches: { tables: ReadonlySet<string>; listener: Listener }[] = [];

/** Calls `listener` after each committed write (insert, update, delete) to one of `tables` (SQL names). */
export function onTableWrites(tables: string[], listener: Listener): () => void {
  const watch = { tables: new Set(tables), listener };
  watches.push(watch);
  return () => {
    const i = watches.indexOf(watch);
    if (i !== -1) watches.splice(i, 1);
  };
}

const WRITE_KINDS = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);
const RAW_WRITE = /^\s*(?:with\b[\s\S]*?\b)?(?:insert|update|delete|replace|merge)\b/i;

/** The watches a statement concerns: a builder's write by its target table, a raw write by the names in its text. */
function touched(query: CompiledQuery): Listener[] {
  if (watches.length === 0) return [];
  const kind = query.query.kind;
  const raw = kind === "RawNode";
  if (!raw && !WRITE_KINDS.has(kind)) return [];
  if (raw && !RAW_WRITE.test(query.sql)) return [];
  // The compiled text names every table the statement touches; a false positive only costs a
  // cache refill, a miss would serve a stale session.
  const words = new Set(query.sql.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []);
  return watches.filter((w) => [...w.tables].some((table) => words.has(table))).map((w) => w.listener);
}

function notify(listeners: Iterable<Listener>): void {
  for (const listener of listeners) listener();
}

interface ConnectionState {
  inTransaction: boolean;
  /** Listeners owed a call when the open transaction commits. */
  pending: Set<Listener>;
}

class WatchedConnection implements DatabaseConnection {
  readonly state: ConnectionState = { inTransaction: false, pending: new Set() };
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    const listeners = touched(query);
    if (listeners.length > 0) {
      if (this.state.inTransaction) for (const l of listeners) this.state.pending.add(l);
      else notify(listeners);
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class WatchedDriver implements Driver {
  readonly #wrapped = new WeakMap<DatabaseConnection, WatchedConnection>();
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let watched = this.#wrapped.get(connection);
    if (!watched) this.#wrapped.set(connection, (watched = new WatchedConnection(connection)));
    return watched;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    // The begin statement goes through the watched connection (the inner driver may run it itself).
    await this.inner.beginTransaction(watched, settings);
    watched.state.inTransaction = true;
    watched.state.pending.clear();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.commitTransaction(watched);
    } finally {
      const owed = [...watched.state.pending];
      watched.state.inTransaction = false;
      watched.state.pending.clear();
      // Told even when the commit failed: the state is uncertain, and a refill is cheap.
      notify(owed);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.rollbackTransaction(watched);
    } finally {
      watched.state.inTransaction = false;
      watched.state.pending.clear();
    }
  }

  // Savepoints stay inside the transaction: what they write is owed at its commit like the rest.
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await this.inner.savepoint!(connection, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await this.inner.rollbackToSavepoint!(connection, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await this.inner.releaseSavepoint!(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The dialect with its driver watched (onTableWrites). */
export function watchingWrites(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WatchedDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
