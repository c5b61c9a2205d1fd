import { Column, SQL, is, sql, type DriverValueDecoder, type Placeholder } from "drizzle-orm";
import { PgTimestamp } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";
import { isoFromPostgres, type InstantsAsText } from "./rows";

/** What a read may select: a flat object of columns and SQL expressions (`count()`, `sql<T>`...). */
type Selection = Record<string, Column | SQL | SQL.Aliased>;
/** A select builder: thenable (its rows) and able to show its SQL. */
type SelectQuery = PromiseLike<unknown[]> & { toSQL(): { sql: string; params: unknown[] } };
/** The placeholders of the parameters a call gives, by name (undefined for the others). */
export type Placeholders<P extends string> = { readonly [K in P]?: Placeholder<K> };
type Decode = ((value: unknown) => unknown) | null;

/** How one selected field's value becomes the row's: null for values used as the driver gives them (null stays null). */
function decoderOf(field: Column | SQL | SQL.Aliased): Decode {
  if (is(field, PgTimestamp)) {
    // The instants of a read go straight to the API's text; a Date would be made only to be written out again.
    if (!field.withTimezone) throw new Error(`preparedRead: ${field.name} is a timestamp without time zone`);
    return (value) => (typeof value === "string" ? isoFromPostgres(value) : value);
  }
  if (is(field, Column)) {
    // Text, uuid, enum and date-as-text columns keep what the driver parsed; others (timestamps) decode it.
    if (field.mapFromDriverValue === Column.prototype.mapFromDriverValue) return null;
    return (value) => field.mapFromDriverValue(value);
  }
  // An expression's decoder (set by `.mapWith`, as `count()` sets Number) is not in Drizzle's public types.
  const { decoder } = (is(field, SQL) ? field : field.sql) as unknown as { decoder: DriverValueDecoder<unknown, unknown> };
  return (value) => decoder.mapFromDriverValue(value);
}

/**
 * The function that turns a read's rows (arrays of cells) into objects of `selection`'s keys. It is generated, so
 * that each row is one object literal with the same fixed shape: filling an empty object key by key in a loop made
 * every row a dictionary-mode object, 30 times slower to build (150 µs against 5 µs for 100 rows of 20 columns)
 * and slower to read afterwards. The code is made from the selection's keys (quoted with JSON.stringify) and
 * column indexes only; the decoders are passed in.
 */
function rowMapper(selection: Selection): (rows: unknown[][]) => Record<string, unknown>[] {
  const decoders = Object.values(selection).map(decoderOf);
  const fields = Object.keys(selection).map((key, i) => {
    const cell = `c[${i}]`;
    return `${JSON.stringify(key)}: ${decoders[i] ? `${cell} == null ? null : d[${i}](${cell})` : `${cell} ?? null`}`;
  });
  const make = new Function("d", `return (rows) => rows.map((c) => ({ ${fields.join(", ")} }));`) as (d: Decode[]) => (rows: unknown[][]) => Record<string, unknown>[];
  return make(decoders);
}

/**
 * A read run often (a list page, the session check), prepared once per database handle and shape instead of on
 * every call (docs/decisions/012, "Reads prepared once"):
 * - its SQL is built once per combination of the parameters given (a missing optional filter is another shape);
 *   each call only fills the placeholders;
 * - its rows come as arrays and become objects through `rowMapper`, with one decoder per column chosen up front,
 *   where Drizzle checks every cell's field kind on every row and fills each object key by key;
 * - its instants (timestamptz columns) come as the API's ISO text (`isoFromPostgres`), not as Dates.
 * `build` must select exactly `selection`, a flat object, so the columns come in its order (Drizzle's order for
 * a flat selection). The rows have the type Drizzle gives the built query (a left join's columns may be null),
 * with text for instants.
 * Each parameter present in a call's values gets a placeholder of its name in `build`; absent ones are undefined.
 */
export function preparedRead<S extends Selection, P extends string, Q extends SelectQuery>(
  selection: S,
  params: readonly P[],
  build: (db: DbOrTx, p: Placeholders<P>) => Q,
): (db: DbOrTx, values: { readonly [K in P]?: unknown }) => Promise<InstantsAsText<Awaited<Q>[number]>[]> {
  const mapRows = rowMapper(selection);

  type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> };
  const preparedBy = new WeakMap<DbOrTx, Map<number, Prepared>>();
  return (db, values) => {
    let shape = 0;
    const given: Record<string, unknown> = {};
    params.forEach((name, bit) => {
      const value = values[name];
      if (value === undefined) return;
      shape |= 1 << bit;
      given[name] = value;
    });
    let shapes = preparedBy.get(db);
    if (!shapes) preparedBy.set(db, (shapes = new Map()));
    let prepared = shapes.get(shape);
    if (!prepared) {
      const placeholders: Partial<Record<P, Placeholder>> = {};
      for (const name of params) if (name in given) placeholders[name] = sql.placeholder(name);
      const query = build(db, placeholders as Placeholders<P>).toSQL();
      // The session's own prepared query, with no field list and our mapper: rows arrive as arrays.
      prepared = db._.session.prepareQuery(query, undefined, undefined, true, mapRows as never) as Prepared;
      shapes.set(shape, prepared);
    }
    return prepared.execute(given) as Promise<InstantsAsText<Awaited<Q>[number]>[]>;
  };
}
