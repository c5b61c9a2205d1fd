import { performance } from "node:perf_hooks";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

/** Distinct statements kept prepared; past this, further new texts run unnamed (parsed and planned each time). */
const PREPARED_LIMIT = 300;
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;
/**
 * Database work allowed in one turn of the event loop before the next statement waits for the following turn:
 * PGlite runs each statement synchronously on this thread, and without a pause a burst of requests would chain all
 * their statements through the microtask queue, holding every timer and socket until the last one (decision 020).
 */
const TURN_BUDGET_MS = 4;

/** What drizzle-orm/pglite calls on its client (its session sends `query`, its transactions `transaction`). */
export interface PgliteQueryable {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}
export interface PgliteClient extends PgliteQueryable {
  transaction<T>(run: (tx: PgliteQueryable) => Promise<T>): Promise<T>;
}

interface Prepared {
  name: string;
  /** Parameter types PostgreSQL inferred, to serialize the values the way PGlite's own `query` does. */
  paramTypes: number[];
}

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The embedded database's connection for Drizzle, in place of PGlite's own `query`/`transaction`.
 *
 * PGlite's `query` sends every statement unnamed, in six separate trips through the WebAssembly PostgreSQL
 * (parse, describe, bind, describe, execute, sync), each behind its own locks: about 1-3 ms of processor time
 * per statement before any row is read, several times what the statement itself costs on a clinic's data. Here
 * each distinct statement is parsed once as a named prepared statement and every call is one trip (bind, describe,
 * execute, sync), the same choice as the PostgreSQL pool's PreparingClient (decision 012).
 *
 * It also keeps the engine's one-connection rule: statements run one at a time, and an open transaction holds the
 * connection until it commits or rolls back, so no other statement lands inside it. Between statements it lets the
 * event loop run once TURN_BUDGET_MS of work has piled up in one turn.
 */
export class PgliteConnection implements PgliteClient {
  readonly #pglite: PGlite;
  readonly #statements = new Map<string, Prepared>();
  /** Parsers per set of per-query overrides (Drizzle passes the same few each time), merged once. */
  readonly #parsers = new Map<string, Record<number, (value: string) => unknown>>();
  #tail: Promise<unknown> = Promise.resolve();
  #turnStarted = performance.now();

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  /** Runs one statement on its own (waits for an open transaction to finish). */
  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#exclusive(() => this.#run<T>(sql, params, options));
  }

  /** BEGIN, `run` with a handle whose statements go inside the transaction, then COMMIT (ROLLBACK if it throws). */
  transaction<T>(run: (tx: PgliteQueryable) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      let open = true;
      const tx: PgliteQueryable = {
        query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
          if (!open) return Promise.reject(new Error("Transaction is closed"));
          return this.#run<R>(sql, params, options);
        },
      };
      await this.#run("begin", []);
      try {
        const result = await run(tx);
        open = false;
        const commit = await this.#run("commit", []);
        // COMMIT of a transaction in which a statement failed (and the error was caught) answers ROLLBACK.
        if (commit.command === "ROLLBACK") throw new Error("A transação foi desfeita (um comando dentro dela falhou).");
        return result;
      } catch (error) {
        if (open) {
          open = false;
          await this.#run("rollback", []);
        }
        throw error;
      }
    });
  }

  /** Forgets the prepared statements (after the engine was replaced under this connection, e.g. a restore). */
  forgetStatements() {
    this.#statements.clear();
  }

  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work);
    this.#tail = result.catch(() => undefined);
    return result;
  }

  async #run<T>(sql: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (performance.now() - this.#turnStarted > TURN_BUDGET_MS) {
      await nextTurn();
      this.#turnStarted = performance.now();
    }
    const prepared = await this.#prepare(sql);
    // Not kept prepared (DDL, or past the limit): PGlite's own path learns the parameters' types for their values.
    if (!prepared && params.length) return this.#pglite.query<T>(sql, params, options);
    const values = params.map((value, i) => this.#serialize(value, prepared?.paramTypes[i]));
    const message = concat([
      ...(prepared ? [] : [serialize.parse({ text: sql })]),
      serialize.bind({ statement: prepared?.name ?? "", values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    let messages;
    try {
      ({ messages } = await this.#pglite.execProtocol(message));
    } catch (error) {
      if (error instanceof Error) Object.assign(error, { query: sql, params });
      throw error;
    }
    const results = parse.parseResults(messages, this.#parsersFor(options), options?.rowMode ? { rowMode: options.rowMode } : undefined);
    return results[0] as Results<T>;
  }

  /** The named statement for `sql`, parsed (and its parameter types described) on first use; null past the limit. */
  async #prepare(sql: string): Promise<Prepared | null> {
    const known = this.#statements.get(sql);
    if (known) return known;
    if (!PREPARABLE.test(sql) || this.#statements.size >= PREPARED_LIMIT) return null;
    const name = `s${this.#statements.size + 1}`;
    const { messages } = await this.#pglite.execProtocol(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync()]),
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(sql, prepared);
    return prepared;
  }

  #serialize(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : this.#pglite.serializers[type];
    return serializer ? serializer(value) : String(value);
  }

  #parsersFor(options?: QueryOptions) {
    const overrides = options?.parsers;
    if (!overrides) return this.#pglite.parsers;
    const key = Object.keys(overrides).join(",");
    let merged = this.#parsers.get(key);
    if (!merged) {
      merged = { ...this.#pglite.parsers, ...overrides };
      this.#parsers.set(key, merged);
    }
    return merged;
  }
}
