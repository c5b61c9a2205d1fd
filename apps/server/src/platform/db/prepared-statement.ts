import { sql, type Placeholder } from "drizzle-orm";
import type { PgPreparedQuery, PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

/** A Drizzle builder that can be prepared: a select, insert, update or delete (with its WITH clauses, if any). */
type Preparable = { prepare(name: string): PgPreparedQuery<PreparedQueryConfig> };
/** What running the built statement answers: the rows Drizzle maps, as awaiting the builder would give. */
type ResultOf<Q extends Preparable> = Awaited<ReturnType<ReturnType<Q["prepare"]>["execute"]>>;

/** The parts of a prepared query that do not depend on the connection it runs on (Drizzle internals, both drivers). */
interface Template {
  query: { sql: string; params: unknown[] };
  fields: unknown;
  isResponseInArrayMode: boolean;
  customResultMapper: unknown;
  joinsNotNullableMap: unknown;
}
interface Session {
  prepareQuery(query: Template["query"], fields: unknown, name: string | undefined, isResponseInArrayMode: boolean, customResultMapper?: unknown): PgPreparedQuery<PreparedQueryConfig>;
}

/**
 * A statement of a hot path built once instead of on every call (docs/decisions/036, "CPU per message"): Drizzle's
 * query builders cost more of the server's CPU than anything else on the WhatsApp reply path (turning the builder
 * into SQL, `is()` on every chunk). `build` makes the statement with `sql.placeholder(name)` for each parameter
 * named in `params`; it runs once per process, and each call only fills the placeholders.
 *
 * Unlike Drizzle's own `.prepare(name)`, the built statement runs on any handle, the database or a transaction (a
 * transaction is a new session each time, on the connection it holds), and gets no name of ours: the connection
 * names it (PreparingClient on PostgreSQL, PgliteConnection on the embedded database), so its PostgreSQL side is
 * parsed once per connection and no name can collide across connections or processes.
 *
 * Everything that varies per call must be a placeholder: a value written into `build` (a `new Date()`, a status)
 * is frozen in the SQL for the process's life. A statement whose shape varies (optional filters, the columns an
 * update sets) needs one prepared statement per shape.
 */
export function preparedStatement<P extends string, Q extends Preparable>(
  params: readonly P[],
  build: (db: DbOrTx, p: { readonly [K in P]: Placeholder<K> }) => Q,
): (db: DbOrTx, values: { readonly [K in P]: unknown }) => Promise<ResultOf<Q>> {
  let template: Template | undefined;
  // The root database's session lives as long as the process: its prepared query is kept. A transaction's is not.
  const preparedBy = new WeakMap<object, PgPreparedQuery<PreparedQueryConfig>>();
  return (db, values) => {
    const session = db._.session as unknown as Session;
    let prepared = preparedBy.get(session);
    if (!prepared) {
      if (!template) {
        const placeholders = Object.fromEntries(params.map((name) => [name, sql.placeholder(name)])) as { [K in P]: Placeholder<K> };
        // Prepared only to read its parts; this query object is never run. Both drivers' prepared queries keep
        // them under these names (drizzle-orm node-postgres/session.js, pglite/session.js).
        const built = build(db, placeholders).prepare("unused") as unknown as {
          getQuery(): Template["query"];
          fields: unknown;
          _isResponseInArrayMode: boolean;
          customResultMapper: unknown;
          joinsNotNullableMap: unknown;
        };
        template = {
          query: built.getQuery(),
          fields: built.fields,
          isResponseInArrayMode: built._isResponseInArrayMode,
          customResultMapper: built.customResultMapper,
          joinsNotNullableMap: built.joinsNotNullableMap,
        };
      }
      prepared = session.prepareQuery(template.query, template.fields, undefined, template.isResponseInArrayMode, template.customResultMapper);
      (prepared as unknown as { joinsNotNullableMap: unknown }).joinsNotNullableMap = template.joinsNotNullableMap;
      preparedBy.set(session, prepared);
    }
    return prepared.execute(values as Record<string, unknown>) as Promise<ResultOf<Q>>;
  };
}

/**
 * A placeholder where Drizzle's types want a column's value (an update's `set`, which they type without
 * placeholders): at run time Drizzle wraps it as it wraps a value, in a parameter with the column's encoder
 * (mapUpdateSet), so a Date or a JSON object given for it is written as a value would be.
 */
export const valueOf = <T>(placeholder: Placeholder): T => placeholder as unknown as T;

/**
 * For a statement whose row varies per call (which columns an insert or update writes): the row's shape, one text per
 * combination of the keys given and of which are null, to key its prepared statements by; `placeholders` makes the
 * row to build it with, and `values` the placeholders' values for a call. A null is written as NULL in the built
 * statement rather than passed (a placeholder's value goes through the column's encoder, which a null must not).
 */
export function rowShape(prefix: string, row: Record<string, unknown>) {
  const keys = Object.keys(row).filter((key) => row[key] !== undefined);
  return {
    shape: keys.map((key) => (row[key] === null ? `${key}:null` : key)).join(","),
    placeholders: (): Record<string, Placeholder | null> =>
      Object.fromEntries(keys.map((key) => [key, row[key] === null ? null : sql.placeholder(`${prefix}${key}`)])),
    values: (): Record<string, unknown> => Object.fromEntries(keys.filter((key) => row[key] !== null).map((key) => [`${prefix}${key}`, row[key]])),
  };
}
