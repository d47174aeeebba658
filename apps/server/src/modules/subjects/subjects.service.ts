/**
 * Subjects (disciplinas) and subject categories, for an institution (seller) and for a provider (spec 3 §2.14,
 * §2.15, §7 "Subjects and categories"): the calls of subjects.routes.ts, composed from one file per job —
 * subject-queries.ts (lists, detail), subject-commands.ts (create, rename, remove, a subject's units),
 * subject-categories.ts, subject-import.ts ('Importar Disciplina'); subject-rows.ts holds what they share.
 *
 * Owners: `ownerOf` answers WHICH owner (the caller's institution while ACTIVE — a suspended one gets 403 — or the
 * caller's provider); the access gate's subject.own and category.own answer WHICH rows. Another owner's id answers 404.
 *
 * What an institution may put in a subject: the PUBLISHED version of a unit it may read through the access gate's
 * unit.read AND whose provider it rents with an ACTIVE rent (access/market-rules.ts `activeRentOf`); that version is pinned.
 * Reading a unit of a subject later goes through unit.read again: a canceled rent makes it unreadable at once.
 */
import type { Deps } from '../../platform/deps';
import { subjectCategoryCalls } from './subject-categories';
import { subjectCommands } from './subject-commands';
import { subjectImports } from './subject-import';
import { subjectQueries } from './subject-queries';

export function subjectsService(deps: Deps) {
  return { ...subjectQueries(deps), ...subjectCommands(deps), ...subjectCategoryCalls(deps), ...subjectImports(deps) };
}
