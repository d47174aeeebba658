export { PGlite } from '@electric-sql/pglite';
export { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
export { pgDump } from '@electric-sql/pglite-tools/pg_dump';
