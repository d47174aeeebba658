/**
 * Accent- and case-insensitive text search in plain SQL (PGlite and PostgreSQL). Small tables fold the column
 * on the fly (`searchMatch(users.name, …)`); big ones store the folded text in a generated column with the
 * same expression and a pg_trgm GIN index (`item_contents.title_folded`), searched with `foldedMatch`.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export const FOLD_FROM = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
export const FOLD_TO = 'aaaaaeeeeiiiiooooouuuucn';

/** The text folded to lower case without accents (the database collation may be C). */
export function folded(column: SQLWrapper): SQL {
  return sql`translate(lower(${column}), ${FOLD_FROM}, ${FOLD_TO})`;
}

/** A generated column's expression: the named column folded like `folded`, as literal SQL (a table's definition). */
export const foldedColumnSql = (column: string): SQL => sql.raw(`translate(lower(${column}), '${FOLD_FROM}', '${FOLD_TO}')`);

/** The search term folded like `folded` and escaped for LIKE. */
export function foldTerm(term: string): string {
  return term.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Accent- and case-insensitive "contains" on a text column. */
export function searchMatch(column: SQLWrapper, term: string): SQL {
  return sql`${folded(column)} like ${`%${foldTerm(term)}%`}`;
}

/** "Contains" on a column that already holds folded text (a trigram index answers it). */
export function foldedMatch(foldedColumn: SQLWrapper, term: string): SQL {
  return sql`${foldedColumn} like ${`%${foldTerm(term)}%`}`;
}
