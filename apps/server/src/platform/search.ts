/** Accent- and case-insensitive text search in plain SQL (works on PGlite and PostgreSQL without extensions). */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucn';

/** The text folded to lower case without accents (the database collation may be C). */
export function folded(column: SQLWrapper): SQL {
  return sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;
}

/** Accent- and case-insensitive "contains" on a text column. */
export function searchMatch(column: SQLWrapper, term: string): SQL {
  const needle = term.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${folded(column)} like ${`%${needle}%`}`;
}
