import { performance } from "node:perf_hooks";
import { setImmediate as nextTurn } from "node:timers/promises";
import { messages, parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

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
/** PostgreSQL's type id of bytea (a conversation's files, decision 026). */
const BYTEA = 17;

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
    const chunks: Uint8Array[] = [];
    // The raw answer, read here: PGlite's own reader copies every field into a fresh buffer before decoding it,
    // which cost about a fifth of the server's CPU on the list routes.
    await this.#pglite.execProtocolRawStream(message, { onRawData: (chunk) => chunks.push(chunk.slice()) });
    const result = readAnswer(concat(chunks), this.#parsersFor(options), options?.rowMode === "array");
    if (result instanceof Error) throw Object.assign(result, { query: sql, params });
    return result as Results<T>;
  }

  /** The named statement for `sql`, parsed (and its parameter types described) on first use; null past the limit. */
  async #prepare(sql: string): Promise<Prepared | null> {
    const known = this.#statements.get(sql);
    if (known) return known;
    if (!PREPARABLE.test(sql) || this.#statements.size >= PREPARED_LIMIT) return null;
    const name = `s${this.#statements.size + 1}`;
    const described = await this.#pglite.execProtocol(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync()]),
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
    this.#statements.set(sql, prepared);
    return prepared;
  }

  #serialize(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    // PGlite's own bytea writer builds one string per byte (a 1 MB file took about a second); Node's hex is native.
    if (type === BYTEA && value instanceof Uint8Array) return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
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

type Parsers = Record<number, (value: string, type: number) => unknown>;
const utf8 = new TextDecoder();

/**
 * The first statement's result in PostgreSQL's answer to one extended-protocol trip, or the error it reported
 * (https://www.postgresql.org/docs/current/protocol-message-formats.html): RowDescription, DataRow (text format),
 * CommandComplete and ErrorResponse are read; the rest (ParseComplete, BindComplete, ReadyForQuery, notices) skipped.
 */
export function readAnswer(bytes: Uint8Array, parsers: Parsers, asArrays: boolean): Results | Error {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const result: Results & { rowCount?: number } = { rows: [], fields: [], affectedRows: 0 };
  let names: string[] = [];
  let typeIds: number[] = [];
  let done = false;
  let error: Error | null = null;
  const cstring = (at: number) => {
    const end = bytes.indexOf(0, at);
    return { text: utf8.decode(bytes.subarray(at, end)), next: end + 1 };
  };
  for (let at = 0; at + 5 <= bytes.length; ) {
    const kind = bytes[at]!;
    const length = view.getInt32(at + 1);
    const body = at + 5;
    at += 1 + length;
    if (done && kind !== 0x45) continue;
    if (kind === 0x54) {
      // RowDescription: name, table oid, column, type oid, size, modifier, format.
      const count = view.getInt16(body);
      names = [];
      typeIds = [];
      for (let i = 0, p = body + 2; i < count; i++) {
        const name = cstring(p);
        names.push(name.text);
        typeIds.push(view.getInt32(name.next + 6));
        p = name.next + 18;
      }
      result.fields = names.map((name, i) => ({ name, dataTypeID: typeIds[i]! }));
    } else if (kind === 0x44) {
      const count = view.getInt16(body);
      const values: unknown[] = new Array(count);
      for (let i = 0, p = body + 2; i < count; i++) {
        const size = view.getInt32(p);
        p += 4;
        if (size < 0) {
          values[i] = null;
          continue;
        }
        if (typeIds[i] === BYTEA && bytes[p] === 0x5c && bytes[p + 1] === 0x78) {
          // "\x…" hex: read natively (PGlite's parser makes one substring and parseInt per byte).
          values[i] = Buffer.from(Buffer.from(bytes.buffer, bytes.byteOffset + p + 2, size - 2).toString("latin1"), "hex");
          p += size;
          continue;
        }
        const text = utf8.decode(bytes.subarray(p, p + size));
        p += size;
        const parser = parsers[typeIds[i]!];
        values[i] = parser ? parser(text, typeIds[i]!) : text;
      }
      if (asArrays) result.rows.push(values);
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < count; i++) row[names[i]!] = values[i];
        result.rows.push(row);
      }
    } else if (kind === 0x43) {
      const words = cstring(body).text.split(" ");
      const rowCount = Number.parseInt(words[words.length - 1]!, 10);
      result.command = words[0];
      if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
      if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(words[0]!)) result.affectedRows = rowCount;
      done = true;
    } else if (kind === 0x45 && !error) {
      error = readError(bytes, body, length);
    }
  }
  return error ?? result;
}

/** An ErrorResponse as PGlite's own DatabaseError (code, constraint, detail... as node-postgres names them). */
function readError(bytes: Uint8Array, body: number, length: number): Error {
  const fields: Record<string, string> = {};
  for (let p = body; bytes[p] !== 0; ) {
    const code = String.fromCharCode(bytes[p]!);
    const end = bytes.indexOf(0, p + 1);
    fields[code] = utf8.decode(bytes.subarray(p + 1, end));
    p = end + 1;
  }
  const error = new messages.DatabaseError(fields.M ?? "erro do banco embutido", length, "error");
  return Object.assign(error, {
    severity: fields.S,
    code: fields.C,
    detail: fields.D,
    hint: fields.H,
    position: fields.P,
    internalPosition: fields.p,
    internalQuery: fields.q,
    where: fields.W,
    schema: fields.s,
    table: fields.t,
    column: fields.c,
    dataType: fields.d,
    constraint: fields.n,
    file: fields.F,
    line: fields.L,
    routine: fields.R,
  });
}
