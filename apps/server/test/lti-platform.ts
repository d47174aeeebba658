/**
 * An LTI 1.3 PLATFORM for the tests, written from the IMS specifications and independent of the product:
 * it imports nothing from apps/server/src or packages/shared (claim names are spelled out from the specs), has its
 * own RSA key pair and its own JWT building (jose), and serves, on a loopback HTTP server, what a Moodle-like platform
 * serves at the paths of a Moodle registration:
 *
 * - `GET  /mod/lti/certs.php`  its JWKS (Security Framework 1.0 §6.3), or the HTTP status a test sets (`jwksStatus`);
 * - `GET  /mod/lti/auth.php`   the OIDC authorization endpoint: checks the tool's authentication request (§5.1.1.2),
 *   its `redirect_uri` against the ones registered for the tool (`redirectUris`, when set), and answers an
 *   auto-submitted form posting `id_token` and `state` to the `redirect_uri` (response_mode form_post);
 * - `POST /mod/lti/token.php`  the OAuth 2 token endpoint for services: client_credentials with a JWT client
 *   assertion (§4.1), verified with the TOOL's JWKS;
 * - `POST /lineitems/:n/lineitem/scores`  AGS 2.0 score publish service (bearer token, score+json); as AGS §3.4
 *   requires, a score whose timestamp is older than the last one kept for that user and line item is ignored
 *   (`results` holds what the gradebook shows);
 * - `GET  /nrps/:context/memberships`  Names and Role Provisioning Services 2.0: the context's members (`members`),
 *   `membersPageSize` per page with a `Link: <…>; rel="next"` header (§2.4.2), to a bearer token of the NRPS scope;
 * - `POST /deep-link-return`   the Deep Linking 2.0 return URL: the tool's LtiDeepLinkingResponse verified with the
 *   tool's JWKS;
 * - `GET  /course/:launch`     a course page framing the tool, and `/start/:launch` the platform's login initiation
 *   (an auto-submitted form to the tool's initiate-login URL), for the browser journey. A launch with `storageTarget`
 *   offers the platform storage of 1EdTech's LTI Client Side postMessages 0.1 / postMessage Storage 0.1: the login
 *   initiation carries `lti_storage_target`, and the course page (`_parent`) or a sibling frame of that name
 *   (`/storage-frame`, as Canvas's `post_message_forwarding`) answers `lti.capabilities`, `lti.put_data` and
 *   `lti.get_data`, keeping values per origin of the sender in memory; every message is logged (`received.storage`);
 * - `GET  /forged/:name`        a page that posts a given authentication response to the tool (`forged`), in the
 *   platform's course frame: another person's `state` and `id_token` arriving in this browser;
 *
 * The API tests call the same steps directly (`initiation`, `authenticate`) around `app.inject`.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, exportSPKI, generateKeyPair, importJWK, jwtVerify, SignJWT, type JSONWebKeySet, type JWTPayload } from 'jose';

export const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  toolPlatform: 'https://purl.imsglobal.org/spec/lti/claim/tool_platform',
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;
export const ROLE = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
} as const;
export const SCOPE_SCORE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
export const SCOPE_MEMBERSHIP = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const MEMBERSHIP_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
const SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: Record<string, unknown>;
}

async function newKey(): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `platform-${crypto.randomBytes(6).toString('hex')}`;
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export interface PlatformOptions {
  clientId: string;
  deploymentId: string;
  /** The tool's registered redirect URIs: an authentication request naming another one is refused (when set). */
  redirectUris?: string[];
  /** The tool's JWKS (its public keys), read when the platform verifies a tool message. */
  toolJwks: () => Promise<JSONWebKeySet>;
  /**
   * As Moodle: each launch authenticates once (`mod/lti/auth.php` keeps the launch's message hint in the user's session
   * and unsets it after one authentication), so a second authentication request for the same login_hint is refused.
   */
  oneAuthenticationPerLaunch?: boolean;
}

/** What the tool sends back, as received and verified. */
export interface Received {
  tokenRequests: { assertion: JWTPayload; scope: string }[];
  scores: { lineitem: string; body: Record<string, unknown> }[];
  /** What the gradebook keeps, per line item and user: the score with the latest timestamp. */
  results: Map<string, Record<string, unknown>>;
  deepLinks: { claims: JWTPayload & Record<string, unknown> }[];
  refusals: string[];
  /** The platform storage's messages, as received: the sender's origin, the subject and key, and whether it answered a value. */
  storage: { origin: string; subject: string; key?: string; answered: boolean }[];
  /** Members list requests (NRPS): the page asked and the HTTP status answered. */
  memberships: { url: string; status: number }[];
}

/** A launch the platform will answer at its authorization endpoint: the message's claims (without iss/aud/nonce). */
export type LaunchClaims = Record<string, unknown> & { sub?: string };

export class LtiPlatform {
  readonly received: Received = { tokenRequests: [], scores: [], results: new Map(), deepLinks: [], refusals: [], storage: [], memberships: [] };
  /** The course's members as NRPS 2.0 lists them (`user_id`, `name`, `given_name`, `family_name`, `roles`, `status`…). */
  members: Record<string, unknown>[] = [];
  /** Members per page of the list (the rest follows `rel="next"`). */
  membersPageSize = 50;
  /** Answer the members list with this HTTP status (a failing platform); null: the list. */
  membersStatus: number | null = null;
  /** Answer the JWKS with this HTTP status instead of the keys (a broken platform); null: the keys. */
  jwksStatus: number | null = null;
  /** The tool's registered redirect URIs (see PlatformOptions); a test may set them once it knows the tool's URLs. */
  redirectUris: string[] | undefined;
  /** Launches the browser journey starts (`/course/:name`), by name: the tool's URLs and the message's claims. */
  readonly launches = new Map<string, { loginUrl: string; targetLinkUri: string; claims: () => LaunchClaims; storageTarget?: string }>();
  /** Runs before the authorization endpoint answers the browser (a journey drops the browser's cookies there). */
  beforeAuthorization: (() => Promise<void>) | null = null;
  /** Authentication responses the browser journey posts to the tool as they are (`/forged/:name`). */
  readonly forged = new Map<string, { action: string; fields: Record<string, string> }>();
  /** The login_hint each initiation issued, so the authorization request can be checked against it. */
  private readonly hints = new Set<string>();
  private readonly authenticated = new Set<string>();
  private readonly tokens = new Set<string>();
  private readonly tokenScopes = new Map<string, string[]>();
  private readonly jtis = new Set<string>();
  private server: http.Server | null = null;
  private key!: SigningKey;
  /** Published besides the signing key (a key the platform rotated away from, or one a test adds). */
  readonly extraJwks: Record<string, unknown>[] = [];
  url = '';

  constructor(readonly options: PlatformOptions) {
    this.redirectUris = options.redirectUris;
  }

  /** The gradebook's result of a user on a line item (the latest score by timestamp). */
  result(lineitem: string, userId: string) {
    return this.received.results.get(`${lineitem} ${userId}`);
  }

  get issuer() {
    return this.url;
  }
  get jwksUrl() {
    return `${this.url}/mod/lti/certs.php`;
  }
  get tokenUrl() {
    return `${this.url}/mod/lti/token.php`;
  }
  lineitemUrl(n: number) {
    return `${this.url}/lineitems/${n}/lineitem?type_id=7`;
  }
  get deepLinkReturnUrl() {
    return `${this.url}/deep-link-return`;
  }

  async start(): Promise<this> {
    this.key = await newKey();
    this.server = http.createServer((req, res) => {
      this.route(req, res).catch((err: unknown) => {
        this.received.refusals.push(String(err));
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The platform's JWKS document. */
  jwks(): JSONWebKeySet {
    return { keys: [this.key.jwk, ...this.extraJwks] as JSONWebKeySet['keys'] };
  }

  /**
   * Third-party initiated login (LTI Core §5.1.1 / Security Framework §5.1.1.1): the parameters sent to the tool; with
   * `storageTarget`, the platform announces its storage (LTI OIDC Login with Client Side postMessages 0.1).
   */
  initiation(targetLinkUri: string, messageHint = 'launch', storageTarget?: string): Record<string, string> {
    const loginHint = `hint-${crypto.randomBytes(8).toString('hex')}`;
    this.hints.add(loginHint);
    return {
      iss: this.issuer,
      login_hint: loginHint,
      target_link_uri: targetLinkUri,
      lti_message_hint: messageHint,
      client_id: this.options.clientId,
      lti_deployment_id: this.options.deploymentId,
      ...(storageTarget !== undefined ? { lti_storage_target: storageTarget } : {}),
    };
  }

  /**
   * The authorization endpoint's check of the tool's authentication request (Security Framework §5.1.1.2), then the
   * authentication response: where to post and the form (`id_token`, `state`). Throws when the request is wrong.
   */
  async authenticate(authRequest: string, claims: LaunchClaims, sign: SignOptions = {}): Promise<{ action: string; fields: { id_token: string; state: string } }> {
    const url = new URL(authRequest);
    const q = Object.fromEntries(url.searchParams);
    const problems: string[] = [];
    if (`${url.origin}${url.pathname}` !== `${this.url}/mod/lti/auth.php`) problems.push(`wrong authorization endpoint ${url.origin}${url.pathname}`);
    if (!q.scope?.split(' ').includes('openid')) problems.push('scope must contain openid');
    if (q.response_type !== 'id_token') problems.push('response_type must be id_token');
    if (q.response_mode !== 'form_post') problems.push('response_mode must be form_post');
    if (q.prompt !== 'none') problems.push('prompt must be none');
    if (q.client_id !== this.options.clientId) problems.push('client_id unknown');
    if (!q.redirect_uri) problems.push('redirect_uri missing');
    else if (this.redirectUris && !this.redirectUris.includes(q.redirect_uri)) problems.push(`redirect_uri ${q.redirect_uri} not registered`);
    if (!q.login_hint || !this.hints.has(q.login_hint)) problems.push('login_hint not issued by this platform');
    else if (this.options.oneAuthenticationPerLaunch && this.authenticated.has(q.login_hint)) problems.push('launch already authenticated (one authentication per launch)');
    if (!q.nonce) problems.push('nonce missing');
    if (!q.state) problems.push('state missing');
    if (problems.length) throw new Error(`authentication request refused: ${problems.join('; ')}`);
    this.authenticated.add(q.login_hint!);
    const idToken = await this.idToken({ nonce: q.nonce!, ...claims }, sign);
    return { action: q.redirect_uri!, fields: { id_token: idToken, state: q.state! } };
  }

  /** An id_token: iss, aud = the client id, azp, iat, exp (60 s, as Moodle), signed RS256 with the platform's key. */
  async idToken(claims: Record<string, unknown>, sign: SignOptions = {}): Promise<string> {
    const key = sign.key ?? this.key;
    const now = Math.floor(Date.now() / 1000) + (sign.shiftSeconds ?? 0);
    const payload = {
      iss: this.issuer,
      aud: this.options.clientId,
      azp: this.options.clientId,
      ...claims,
      ...(sign.claims ?? {}),
    };
    if (sign.alg === 'none') {
      // An unsecured JWT (RFC 7519 §6): header {alg: none}, the payload, an empty signature.
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...payload, iat: now, exp: now + (sign.lifetimeSeconds ?? 60) })}.`;
    }
    if (sign.alg === 'HS256-public-key') {
      // The key-confusion forgery: HMAC with the platform's PUBLIC key (its PEM, which anyone can fetch) as the secret.
      const pem = await exportSPKI(await importJWK(this.key.jwk, 'RS256') as CryptoKey);
      return new SignJWT(payload as JWTPayload)
        .setProtectedHeader({ alg: 'HS256', kid: this.key.kid, typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + (sign.lifetimeSeconds ?? 60))
        .sign(new TextEncoder().encode(pem));
    }
    return new SignJWT(payload as JWTPayload)
      .setProtectedHeader({ alg: 'RS256', kid: sign.kid ?? key.kid, typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + (sign.lifetimeSeconds ?? 60))
      .sign(key.privateKey);
  }

  /** A key the platform does not publish (a forger's): the same kid can be claimed with it. */
  static forgerKey = newKey;

  /** LTI Core §5.3: a resource link launch's claims. */
  resourceLinkClaims(opts: { sub?: string; custom?: Record<string, string>; lineitem?: string; roles?: string[]; resourceLinkId?: string; targetLinkUri: string; nrps?: boolean }): LaunchClaims {
    return {
      ...(opts.sub !== undefined ? { sub: opts.sub } : {}),
      name: 'Aluna de Teste',
      given_name: 'Aluna',
      family_name: 'de Teste',
      [CLAIM.messageType]: 'LtiResourceLinkRequest',
      [CLAIM.version]: '1.3.0',
      [CLAIM.deploymentId]: this.options.deploymentId,
      [CLAIM.targetLinkUri]: opts.targetLinkUri,
      [CLAIM.resourceLink]: { id: opts.resourceLinkId ?? `rl-${crypto.randomBytes(4).toString('hex')}`, title: 'Unidade no curso' },
      [CLAIM.roles]: opts.roles ?? [ROLE.learner],
      [CLAIM.context]: { id: 'course-101', label: 'MAT101', title: 'Matemática Básica' },
      [CLAIM.toolPlatform]: { guid: 'platform-harness', name: 'Plataforma de teste', product_family_code: 'moodle' },
      [CLAIM.launchPresentation]: { document_target: 'iframe', locale: 'pt-BR' },
      ...(opts.custom ? { [CLAIM.custom]: opts.custom } : {}),
      ...(opts.lineitem ? { [CLAIM.ags]: { scope: [SCOPE_SCORE, 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem'], lineitems: `${this.url}/lineitems`, lineitem: opts.lineitem } } : {}),
      ...(opts.nrps ? { [CLAIM.nrps]: { context_memberships_url: this.membershipsUrl, service_versions: ['2.0'] } } : {}),
    };
  }

  /** The course's members list (NRPS 2.0 §3.6.1 `context_memberships_url`). */
  get membershipsUrl() {
    return `${this.url}/nrps/course-101/memberships`;
  }

  /** Deep Linking 2.0 §4.4: a deep-linking request's claims. */
  deepLinkingClaims(opts: { sub?: string; roles?: string[]; acceptMultiple?: boolean; data?: string; acceptTypes?: string[]; targetLinkUri: string }): LaunchClaims {
    return {
      sub: opts.sub ?? 'teacher-1',
      name: 'Professora de Teste',
      [CLAIM.messageType]: 'LtiDeepLinkingRequest',
      [CLAIM.version]: '1.3.0',
      [CLAIM.deploymentId]: this.options.deploymentId,
      [CLAIM.targetLinkUri]: opts.targetLinkUri,
      [CLAIM.roles]: opts.roles ?? [ROLE.instructor],
      [CLAIM.context]: { id: 'course-101', label: 'MAT101', title: 'Matemática Básica' },
      [CLAIM.deepLinkingSettings]: {
        deep_link_return_url: this.deepLinkReturnUrl,
        accept_types: opts.acceptTypes ?? ['ltiResourceLink'],
        accept_presentation_document_targets: ['iframe', 'window'],
        accept_multiple: opts.acceptMultiple ?? true,
        auto_create: true,
        ...(opts.data !== undefined ? { data: opts.data } : {}),
      },
    };
  }

  /** The tool's message verified with the tool's JWKS (signature, iss = client id, aud = this issuer, exp, iat). */
  async verifyToolJwt(jwt: string, audience: string | string[]): Promise<JWTPayload & Record<string, unknown>> {
    const keys = createLocalJWKSet(await this.options.toolJwks());
    const { payload } = await jwtVerify(jwt, keys, { algorithms: ['RS256'], audience, requiredClaims: ['iat', 'exp'] });
    return payload as JWTPayload & Record<string, unknown>;
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Plataforma de teste</title></head><body>${body}</body></html>`);
    };
    const json = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/mod/lti/certs.php') {
      if (this.jwksStatus !== null) return json(this.jwksStatus, { error: 'not available' });
      return json(200, this.jwks());
    }

    if (req.method === 'GET' && url.pathname.startsWith('/course/')) {
      const name = decodeURIComponent(url.pathname.slice('/course/'.length));
      const target = url.searchParams.get('storage') ?? this.launches.get(name)?.storageTarget;
      const start = this.forged.has(name) ? `/forged/${encodeURIComponent(name)}` : `/start/${encodeURIComponent(name)}`;
      // The platform storage: in this page (`_parent`), or in a sibling frame of the platform's origin named by the target.
      const storage = !target ? '' : target === '_parent' ? `<script>${platformStorageScript('_parent')}</script>` : `<iframe name="${escape(target)}" title="Armazenamento da plataforma" src="/storage-frame?name=${encodeURIComponent(target)}" style="display:none"></iframe>`;
      return html(200, `<h1>Curso MAT101</h1>${storage}<iframe name="tool" title="Ferramenta" src="${start}" style="width:1000px;height:1400px" allow="clipboard-write"></iframe>`);
    }
    if (req.method === 'GET' && url.pathname === '/storage-frame') {
      return html(200, `<script>${platformStorageScript(url.searchParams.get('name') ?? '')}</script>`);
    }
    if (req.method === 'GET' && url.pathname.startsWith('/start/')) {
      const name = decodeURIComponent(url.pathname.slice('/start/'.length));
      const launch = this.launches.get(name);
      if (!launch) return html(404, 'launch unknown');
      return html(200, autoForm('post', launch.loginUrl, this.initiation(launch.targetLinkUri, name, launch.storageTarget)));
    }
    if (req.method === 'GET' && url.pathname.startsWith('/forged/')) {
      const forged = this.forged.get(decodeURIComponent(url.pathname.slice('/forged/'.length)));
      if (!forged) return html(404, 'unknown');
      return html(200, autoForm('post', forged.action, forged.fields));
    }
    if (req.method === 'GET' && url.pathname === '/mod/lti/auth.php') {
      const launch = this.launches.get(url.searchParams.get('lti_message_hint') ?? '');
      if (!launch) return html(400, 'unknown lti_message_hint');
      await this.beforeAuthorization?.();
      try {
        const answer = await this.authenticate(url.toString(), launch.claims());
        return html(200, autoForm('post', answer.action, answer.fields));
      } catch (err) {
        this.received.refusals.push(String(err));
        return html(400, String(err));
      }
    }
    const body = await readBody(req);
    if (req.method === 'POST' && url.pathname === '/storage-log') {
      this.received.storage.push(JSON.parse(body) as Received['storage'][number]);
      return json(200, {});
    }
    if (req.method === 'POST' && url.pathname === '/mod/lti/token.php') {
      const form = Object.fromEntries(new URLSearchParams(body));
      try {
        if (form.grant_type !== 'client_credentials') throw new Error('grant_type');
        if (form.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') throw new Error('client_assertion_type');
        const assertion = await this.verifyToolJwt(form.client_assertion ?? '', this.tokenUrl);
        if (assertion.iss !== this.options.clientId || assertion.sub !== this.options.clientId) throw new Error('iss/sub must be the client id');
        if (typeof assertion.jti !== 'string' || this.jtis.has(assertion.jti)) throw new Error('jti missing or replayed');
        this.jtis.add(assertion.jti);
        const scopes = (form.scope ?? '').split(' ');
        if (!scopes.length || !scopes.every((scope) => scope === SCOPE_SCORE || scope === SCOPE_MEMBERSHIP)) throw new Error('scope');
        this.received.tokenRequests.push({ assertion, scope: form.scope! });
        const token = crypto.randomBytes(16).toString('hex');
        this.tokens.add(token);
        this.tokenScopes.set(token, scopes);
        return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: form.scope });
      } catch (err) {
        this.received.refusals.push(`token: ${String(err)}`);
        return json(400, { error: 'invalid_client' });
      }
    }
    if (req.method === 'GET' && url.pathname === '/nrps/course-101/memberships') {
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        this.received.memberships.push({ url: url.toString(), status });
        res.writeHead(status, { 'content-type': status === 200 ? MEMBERSHIP_MEDIA_TYPE : 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!this.tokenScopes.get(token)?.includes(SCOPE_MEMBERSHIP)) return answer(401, { error: 'invalid_token' });
      if (!String(req.headers.accept ?? '').includes(MEMBERSHIP_MEDIA_TYPE)) return answer(406, { error: 'accept' });
      if (this.membersStatus !== null) return answer(this.membersStatus, { error: 'not available' });
      const from = Number(url.searchParams.get('from') ?? 0);
      const page = this.members.slice(from, from + this.membersPageSize);
      const rest = from + this.membersPageSize < this.members.length;
      const next = `${this.membershipsUrl}?from=${from + this.membersPageSize}`;
      return answer(
        200,
        { id: url.toString(), context: { id: 'course-101', label: 'MAT101', title: 'Matemática Básica' }, members: page },
        rest ? { link: `<${next}>; rel="next"` } : {},
      );
    }
    if (req.method === 'POST' && /^\/lineitems\/\d+\/lineitem\/scores$/.test(url.pathname)) {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!this.tokenScopes.get(token)?.includes(SCOPE_SCORE)) return json(401, { error: 'invalid_token' });
      if (req.headers['content-type'] !== SCORE_MEDIA_TYPE) return json(415, { error: 'content type' });
      const score = JSON.parse(body) as Record<string, unknown>;
      for (const field of ['userId', 'scoreGiven', 'scoreMaximum', 'activityProgress', 'gradingProgress', 'timestamp']) {
        if (score[field] === undefined) return json(400, { error: `${field} missing` });
      }
      const lineitem = `${this.url}${url.pathname.replace(/\/scores$/, '')}${url.search}`;
      const timestamp = Date.parse(String(score.timestamp));
      if (Number.isNaN(timestamp)) return json(400, { error: 'timestamp must be ISO 8601' });
      this.received.scores.push({ lineitem, body: score });
      // AGS §3.4: a score older than the one kept is ignored.
      const key = `${lineitem} ${String(score.userId)}`;
      const kept = this.received.results.get(key);
      if (!kept || Date.parse(String(kept.timestamp)) <= timestamp) this.received.results.set(key, score);
      return json(200, {});
    }
    if (req.method === 'POST' && url.pathname === '/deep-link-return') {
      const form = Object.fromEntries(new URLSearchParams(body));
      try {
        const claims = await this.verifyToolJwt(form.JWT ?? '', this.issuer);
        if (claims.iss !== this.options.clientId) throw new Error('iss must be the client id');
        if (claims[CLAIM.messageType] !== 'LtiDeepLinkingResponse') throw new Error('message type');
        if (claims[CLAIM.version] !== '1.3.0') throw new Error('version');
        if (claims[CLAIM.deploymentId] !== this.options.deploymentId) throw new Error('deployment');
        if (typeof claims.nonce !== 'string') throw new Error('nonce');
        this.received.deepLinks.push({ claims });
        const titles = ((claims[CLAIM.contentItems] as { title?: string }[]) ?? []).map((i) => `<li>${escape(i.title ?? '')}</li>`).join('');
        return html(200, `<h1>Conteúdo adicionado ao curso</h1><ul>${titles}</ul>`);
      } catch (err) {
        this.received.refusals.push(`deep link: ${String(err)}`);
        return html(400, `<h1>Resposta recusada</h1><p>${escape(String(err))}</p>`);
      }
    }
    res.writeHead(404).end();
  }
}

export interface SignOptions {
  /** Sign with another key (a forgery), optionally claiming a published kid. */
  key?: SigningKey;
  /** Forgeries of another kind: an unsecured token, or HS256 keyed with the platform's public key. */
  alg?: 'none' | 'HS256-public-key';
  kid?: string;
  /** Move iat/exp (negative: in the past). */
  shiftSeconds?: number;
  lifetimeSeconds?: number;
  /** Claims replacing the defaults (e.g. another aud). */
  claims?: Record<string, unknown>;
}

function escape(value: string) {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** An auto-submitted form (what platforms answer to move the browser with a POST). */
function autoForm(method: 'post' | 'get', action: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');
  return `<form id="f" method="${method}" action="${escape(action)}">${inputs}<button>Continuar</button></form><script>document.getElementById('f').submit()</script>`;
}

/**
 * The platform side of LTI postMessage Storage 0.1, in the platform's page or storage frame: values kept per origin of
 * the sender (a tool reads only what it stored), answers to the sender's window and origin, errors as the spec's
 * `{ code, message }`; each message is reported to `/storage-log` for the test.
 */
function platformStorageScript(frame: string) {
  return `(function () {
  var stored = {};
  window.addEventListener('message', function (event) {
    var m = event.data;
    if (!m || typeof m !== 'object' || typeof m.subject !== 'string' || m.subject.slice(-9) === '.response') return;
    var reply = { subject: m.subject + '.response', message_id: m.message_id };
    var own = stored[event.origin] || (stored[event.origin] = {});
    if (m.subject === 'lti.capabilities') {
      reply.supported_messages = [{ subject: 'lti.put_data', frame: ${JSON.stringify(frame)} }, { subject: 'lti.get_data', frame: ${JSON.stringify(frame)} }];
    } else if (m.subject === 'lti.put_data') {
      if (typeof m.key !== 'string' || !m.key) reply.error = { code: 'bad_request', message: 'key missing' };
      else { own[m.key] = m.value; reply.key = m.key; reply.value = m.value; }
    } else if (m.subject === 'lti.get_data') {
      if (Object.prototype.hasOwnProperty.call(own, m.key)) { reply.key = m.key; reply.value = own[m.key]; }
      else reply.error = { code: 'bad_request', message: 'no value stored for this key' };
    } else {
      reply.error = { code: 'unsupported_subject', message: m.subject };
    }
    fetch('/storage-log', { method: 'POST', body: JSON.stringify({ origin: event.origin, subject: m.subject, key: m.key, answered: reply.value !== undefined }) });
    event.source.postMessage(reply, event.origin);
  });
})();`;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
