/** The rows of every table of a database, to check that a copy (a backup, a restore, a conversion) holds what it should. */

export interface Queryable {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

/** Every table outside PostgreSQL's own schemas. */
export async function tablesOf(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Rows per table (`schema.table`). */
export async function rowCounts(db: Queryable): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesOf(db)) {
    const { rows } = await db.query<{ n: string | number }>(`select count(*) as n from ${table}`);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

/** The tables whose rows differ between two counts. */
export const countsDiffer = (a: Record<string, number>, b: Record<string, number>): string[] =>
  Object.keys({ ...a, ...b }).filter((t) => a[t] !== b[t]);
