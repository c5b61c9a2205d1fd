import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

// Portuguese accented letters and their plain forms, position by position, for translate().
const ACCENTED = "áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ";
const PLAIN = "aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn";

/**
 * The column in lower case without Portuguese accents (NULL as empty text), computed by the database:
 * "Álvaro" sorts among the A's and "joao" finds "João" whatever the collation, with no extension (unaccent).
 * Compare it with text folded the same way in JavaScript (foldForSearch).
 */
export function foldedText(column: SQLWrapper): SQL {
  return sql`translate(lower(coalesce(${column}, '')), ${ACCENTED}, ${PLAIN})`;
}

/** Lower-case, accent-free text, the JavaScript side of foldedText. */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

/** A LIKE pattern for text anywhere in a value, with LIKE's wildcards escaped ("50%" finds "50%", not everything). */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The key a name sorts by in every A-Z list: lower case without accents, spaces squeezed, so "Débora" comes before
 * "Diego" and "Júlia" before "Juliana" on PGlite (no ICU collations) and PostgreSQL alike. Stored in name_sort
 * columns; rows whose keys tie are ordered by the name itself, then the id.
 */
export function nameSortKey(name: string): string {
  return foldForSearch(name.trim().replace(/\s+/g, " "));
}
