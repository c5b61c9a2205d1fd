import { sql, type AnyColumn, type SQL } from "drizzle-orm";

const ACCENTED = "áàâãäéèêëíìîïóòôõöúùûüçÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇ";
const PLAIN = "aaaaaeeeeiiiiooooouuuucaaaaaeeeeiiiiooooouuuuc";

/**
 * The column in lower case without Portuguese accents, computed by the database: "Álvaro" sorts among the
 * A's and "joao" finds "João" whatever the database's collation, with no extension (unaccent) needed.
 * Compare it with text folded the same way in JavaScript (foldForSearch).
 */
export function foldedText(column: AnyColumn): SQL {
  return sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;
}
