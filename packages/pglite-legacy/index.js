// PGlite 0.3 (PostgreSQL 17), its pg_trgm and the pg_dump built for it: what reads an embedded database folder written
// by PGlite 0.3. Its own package so that npm installs this PGlite beside the current one (pglite-tools pins its PGlite).
export { PGlite } from '@electric-sql/pglite';
export { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
export { pgDump } from '@electric-sql/pglite-tools/pg_dump';
