import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sellers } from '../institutions/institutions.tables';
import { ltiConnections } from './lti-connections.tables';
import { users } from '../users/users.tables';

/**
 * The tool's signing keys (LTI Security Framework 1.0). The private key is a PKCS#8 PEM encrypted with
 * AES-256-GCM under a key derived from LTI_KEY_SECRET (lti-keys.ts), the key id as associated data. A key signs from
 * `active_from` until a newer key's `active_from` (`retired_at`), and stays in the JWKS until `unpublish_at`: set when
 * it is retired — `retired_at` plus LTI_LIMITS.retiredKeyHours for a planned rotation, plus LTI_LIMITS.messageSeconds
 * for an emergency one (`--now`), at once for a revoked key (`--revoke`). Null while it signs (or for a key retired
 * before 0026: then `retired_at` plus LTI_LIMITS.retiredKeyHours).
 */
export const ltiKeys = pgTable('lti_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  privateKeyEncrypted: text('private_key_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  activeFrom: timestamp('active_from', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
});

/**
 * OIDC login state (LTI Security Framework §5.1.1): one row per login initiation, keyed by the SHA-256 of the random
 * `state` we send to the platform, bound to the connection and the `nonce`; the launch deletes it (single use). Kept
 * in PostgreSQL so every server instance sees it. `binding_hash` is the SHA-256 of the secret the starting browser
 * keeps (its partitioned cookie, and the platform storage when the login announced `lti_storage_target`, kept in
 * `storage_target`): the launch must show it (lti-binding.ts). The login initiation's own parameters are kept too
 * (`iss`, `login_hint`, `lti_message_hint`, `client_id`, `lti_deployment_id` as the platform sent them, and
 * `target_link_uri`): the login check rebuilds the authentication request from them, and a browser that kept no cookie
 * starts the same login again in a new window (lti_relaunches); null for states of logins before 0034.
 */
export const ltiStates = pgTable(
  'lti_states',
  {
    stateHash: text('state_hash').primaryKey(),
    connectionId: integer('connection_id').notNull().references(() => ltiConnections.id),
    nonce: text('nonce').notNull(),
    targetLinkUri: text('target_link_uri').notNull(),
    bindingHash: text('binding_hash').notNull(),
    storageTarget: text('storage_target'),
    iss: text('iss'),
    loginHint: text('login_hint'),
    messageHint: text('lti_message_hint'),
    clientId: text('client_id'),
    deploymentHint: text('lti_deployment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('lti_states_expires_idx').on(t.expiresAt)],
);

/**
 * A login to start again in a new top-level window (lti-relaunch.ts): made when the login check saw no cookie at all
 * (a browser that keeps none in the LMS's iframe, in an LMS without platform storage), keyed by the SHA-256 of its
 * random token, holding that login's initiation parameters; used once, within LTI_LIMITS.stateMinutes.
 */
export const ltiRelaunches = pgTable(
  'lti_relaunches',
  {
    tokenHash: text('token_hash').primaryKey(),
    connectionId: integer('connection_id').notNull().references(() => ltiConnections.id),
    iss: text('iss').notNull(),
    loginHint: text('login_hint').notNull(),
    targetLinkUri: text('target_link_uri').notNull(),
    messageHint: text('lti_message_hint'),
    clientId: text('client_id'),
    deploymentHint: text('lti_deployment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('lti_relaunches_expires_idx').on(t.expiresAt)],
);

/**
 * The deployments a connection accepts (LTI Core §3.1.3): registered by the admin, or the first one seen at a valid
 * launch of a connection that had none. A launch from any other deployment is refused.
 */
export const ltiDeployments = pgTable(
  'lti_deployments',
  {
    connectionId: integer('connection_id').notNull().references(() => ltiConnections.id),
    deploymentId: text('deployment_id').notNull(),
    /** 'admin' | 'first_launch'. */
    source: text('source').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.deploymentId] })],
);

/**
 * A resource-link launch that opened the student viewer: the LMS user (`sub`), what it opened, and the AGS line item
 * when the platform offered score passback. The student link minted at launch names this row (`l`), so the viewer's
 * accesses count as 'lms' and its answers reach this line item. Deleted after it expires.
 */
export const ltiLaunches = pgTable(
  'lti_launches',
  {
    id: text('id').primaryKey(),
    connectionId: integer('connection_id').notNull().references(() => ltiConnections.id),
    sellerId: integer('seller_id').notNull().references(() => sellers.id),
    deploymentId: text('deployment_id').notNull(),
    sub: text('sub').notNull(),
    /** The student id of the access events and votes (the `sub`, or its SHA-256 when longer than a student id). */
    studentId: text('student_id').notNull(),
    resourceLinkId: text('resource_link_id').notNull(),
    /** 'unit' (item id) | 'subject'. */
    targetKind: text('target_kind').notNull(),
    targetId: integer('target_id').notNull(),
    lineitem: text('lineitem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('lti_launches_expires_idx').on(t.expiresAt)],
);

/**
 * A teacher's content-picker session, opened by a valid LtiDeepLinkingRequest: the institution, where to return and
 * what the platform accepts. Keyed by the SHA-256 of its random token; answering it marks it used (single use).
 */
export const ltiDeepLinkSessions = pgTable(
  'lti_deep_link_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    connectionId: integer('connection_id').notNull().references(() => ltiConnections.id),
    sellerId: integer('seller_id').notNull().references(() => sellers.id),
    deploymentId: text('deployment_id').notNull(),
    returnUrl: text('return_url').notNull(),
    /** The request's `iss` exactly as the platform wrote it: the response's `aud` (null for sessions before 0026). */
    issuer: text('issuer'),
    /** The settings' opaque `data`, echoed in the response. */
    data: text('data'),
    acceptMultiple: boolean('accept_multiple').notNull(),
    acceptLineitem: boolean('accept_lineitem').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('lti_deep_link_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A student's standing on an AGS line item: the answers given (unit version and question key → right or wrong; the
 * FIRST answer of a question counts), and the standing over the questions the launch opens now (`right_count` of
 * `total`, `answered_count` answered), computed at each answer; `updated_at` is the standing's time (the score's
 * timestamp, strictly increasing per row), `posted_standing_at` the time of the standing last posted. One row per
 * connection, line item and LMS user; a job (`lti-scores`) posts it.
 */
export const ltiGrades = pgTable(
  'lti_grades',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    connectionId: integer('connection_id').notNull().references(() => ltiConnections.id),
    lineitem: text('lineitem').notNull(),
    sub: text('sub').notNull(),
    answers: jsonb('answers').$type<Record<string, boolean>>().notNull().default(sql`'{}'::jsonb`),
    total: integer('total').notNull(),
    rightCount: integer('right_count').notNull().default(0),
    answeredCount: integer('answered_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    postedRight: integer('posted_right'),
    postedStandingAt: timestamp('posted_standing_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('lti_grades_unique').on(t.connectionId, t.lineitem, t.sub)],
);

/**
 * Students' names as their LMS lists them (LTI Names and Role Provisioning Services): one row per LMS user of a
 * connection, refreshed when a launch finds the context's list older than LTI_LIMITS.rosterMinutes (lti-roster.ts). The
 * access report shows the name beside the LMS id. Nothing is kept for an LMS that offers no such list.
 */
export const ltiLearners = pgTable(
  'lti_learners',
  {
    connectionId: integer('connection_id').notNull().references(() => ltiConnections.id),
    sub: text('sub').notNull(),
    name: text('name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.sub] })],
);

/** When each context's members list (its NRPS address) was last read, per connection: at most once per LTI_LIMITS.rosterMinutes. */
export const ltiRosters = pgTable(
  'lti_rosters',
  {
    connectionId: integer('connection_id').notNull().references(() => ltiConnections.id),
    url: text('url').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.url] })],
);
