/**
 * Students' names from the LMS (LTI Names and Role Provisioning Services 2.0). A resource-link launch whose claims
 * carry the NRPS claim reads the context's members list — at most once per LTI_LIMITS.rosterMinutes for a context of a
 * connection (whichever instance launches first), within LTI_LIMITS.rosterTimeoutMs and rosterPages pages — and keeps
 * each member's name by LMS user id (lti_learners), which the access report shows beside the id. The list's address must
 * be the connection's platform's (lti-urls.ts), the token is asked with the NRPS scope (lti-tokens.ts). A launch never
 * waits past the time-out nor fails for it: a failure is logged, and the next launch tries again. An LMS that offers no
 * list (no claim) changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LTI_CLAIM, LTI_LIMITS, NRPS_MEDIA_TYPE, NRPS_SCOPE } from '@edu/shared/lti-tool';
import type { Deps } from '../../platform/deps';
import { rowsOf } from '../../platform/db';
import { jsonObject, type LtiConnection, type VerifiedLaunch } from './lti-oidc';
import { platformTokens } from './lti-tokens';
import { allowsLocalHttp, platformUrlProblem } from './lti-urls';

/** Longest name kept (a person's name; a longer value is cut). */
const NAME_MAX = 200;
/** Rows of one upsert statement. */
const BATCH = 500;

interface Member {
  sub: string;
  name: string;
}

/** A member's name as NRPS gives it (`name`, else `given_name family_name`); null when none. */
export function memberName(member: Record<string, unknown>): string | null {
  const text = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '');
  const name = text(member.name) || [text(member.given_name), text(member.family_name)].filter(Boolean).join(' ');
  return name ? name.slice(0, NAME_MAX) : null;
}

/** The `rel="next"` address of an HTTP Link header (NRPS 2.0 §2.4.2 paging), or null. */
export function nextPage(link: string | null): string | null {
  for (const part of (link ?? '').split(',')) {
    const m = /<([^>]*)>\s*;(.*)/.exec(part.trim());
    if (m && /(^|;)\s*rel\s*=\s*"?next"?\s*(;|$)/i.test(m[2]!)) return m[1]!;
  }
  return null;
}

/** Reads the members list at `url` (paged); throws on a refused address or an HTTP failure. */
async function readMembers(deps: Pick<Deps, 'db' | 'config'>, connection: LtiConnection, url: string): Promise<Member[]> {
  const tokens = platformTokens(deps);
  const localHttp = allowsLocalHttp(deps.config.PUBLIC_URL);
  const signal = AbortSignal.timeout(LTI_LIMITS.rosterTimeoutMs);
  const members: Member[] = [];
  let next: string | null = url;
  for (let page = 0; next && page < LTI_LIMITS.rosterPages; page++) {
    const problem = platformUrlProblem(next, connection, localHttp);
    if (problem) throw new Error(`refused address: ${problem}`);
    const address: string = next;
    const get = async () =>
      fetch(address, { headers: { authorization: `Bearer ${await tokens.get(connection, NRPS_SCOPE)}`, accept: NRPS_MEDIA_TYPE }, redirect: 'manual', signal });
    let res = await get();
    if (res.status === 401) {
      await res.body?.cancel().catch(() => undefined);
      tokens.forget(connection, NRPS_SCOPE);
      res = await get();
    }
    if (!res.ok) throw new Error(`members endpoint answered HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const body = jsonObject(await res.json());
    for (const m of Array.isArray(body?.members) ? body.members : []) {
      const member = jsonObject(m);
      const sub = member?.user_id;
      const name = member ? memberName(member) : null;
      if (typeof sub === 'string' && sub.length > 0 && sub.length <= 255 && name) members.push({ sub, name });
    }
    next = nextPage(res.headers.get('link'));
  }
  return members;
}

/** Keeps the members' names (a changed name replaces the kept one). */
async function keepNames(deps: Pick<Deps, 'db'>, connectionId: number, members: Member[]) {
  for (let i = 0; i < members.length; i += BATCH) {
    const rows = members.slice(i, i + BATCH).map((m) => sql`(${connectionId}::integer, ${m.sub}, ${m.name}, now())`);
    await deps.db.execute(sql`
      insert into lti_learners (connection_id, sub, name, updated_at) values ${sql.join(rows, sql`, `)}
      on conflict (connection_id, sub) do update set name = excluded.name, updated_at = excluded.updated_at
      where lti_learners.name is distinct from excluded.name`);
  }
}

/** At a launch: refreshes the names of its context's members when the LMS lists them and the kept list is old. */
export async function refreshRoster(deps: Pick<Deps, 'db' | 'config'>, launch: VerifiedLaunch, log?: FastifyBaseLogger): Promise<void> {
  const { connection, claims } = launch;
  const url = jsonObject(claims[LTI_CLAIM.namesRoleService])?.context_memberships_url;
  if (typeof url !== 'string' || !url) return;
  try {
    // Taken by one launch per period, whichever instance: the others find it fresh and go on.
    const taken = rowsOf(
      await deps.db.execute(sql`
        insert into lti_rosters (connection_id, url, fetched_at) values (${connection.id}, ${url}, now())
        on conflict (connection_id, url) do update set fetched_at = now()
        where lti_rosters.fetched_at < now() - make_interval(mins => ${LTI_LIMITS.rosterMinutes})
        returning 1 as taken`),
    );
    if (!taken.length) return;
    try {
      await keepNames(deps, connection.id, await readMembers(deps, connection, url));
    } catch (err) {
      // Not read: the next launch tries again.
      await deps.db.execute(sql`update lti_rosters set fetched_at = 'epoch' where connection_id = ${connection.id} and url = ${url}`);
      throw err;
    }
  } catch (err) {
    log?.warn({ lti: { code: 'rosterFailed', connectionId: connection.id }, err: { message: (err as Error).message } }, 'LTI: lista de participantes (NRPS) não lida; nomes não atualizados');
  }
}
