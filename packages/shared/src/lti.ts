/**
 * LTI 1.3 platform registrations of an institution (spec 3 §2.11 'Gerenciar Conexão LTI', §3 "LTI connection",
 * §5 "LTI add/delete"). The spec's cloud document store is replaced by PostgreSQL (`lti_connections`, one row per
 * connection, deletions kept as tombstones). The launch itself comes with a later issue; this stores and lists.
 *
 * The endpoints derive from the platform kind and the URL the admin types, exactly as §3 lists them:
 * - canvas: a fixed platform URL (the issuer of Instructure-hosted Canvas, `https://canvas.instructure.com`) and
 *   paths under the given URL: /api/lti/authorize_redirect, /login/oauth2/token, /api/lti/security/jwks;
 * - d2l: /d2l/lti/authenticate, the fixed Brightspace token URL, /d2l/.well-known/jwks;
 * - moodle: /mod/lti/auth.php, /mod/lti/token.php, /mod/lti/certs.php.
 */
import { z } from 'zod';
import { MSG } from './messages';
import { defineRoute } from './contract';
import { PLATFORM_ADMIN_TYPES } from './access';
import { idParam } from './validation';

export const LTI_PLATFORMS = ['canvas', 'd2l', 'moodle'] as const;
export type LtiPlatform = (typeof LTI_PLATFORMS)[number];

export const LTI_PLATFORM_LABELS: Record<LtiPlatform, string> = { canvas: 'Canvas', d2l: 'D2L Brightspace', moodle: 'Moodle' };

/** The issuer (platform URL) of every Instructure-hosted Canvas. */
export const CANVAS_PLATFORM_URL = 'https://canvas.instructure.com';
/** Brightspace's one token endpoint for every D2L instance. */
export const D2L_TOKEN_URL = 'https://auth.brightspace.com/core/connect/token';

/** Who manages LTI connections (and institutions): admin and director (spec 3 §1). */
export const LTI_ADMIN_TYPES = PLATFORM_ADMIN_TYPES;

export const LTI_MSG = {
  created: 'Conexão cadastrada com sucesso',
  deleted: 'Conexão deletada com sucesso',
  urlNotHttps: 'A URL da plataforma deve começar com https:// (http:// só é aceito para localhost).',
  urlInvalid: 'Informe uma URL válida, por exemplo https://moodle.suainstituicao.edu.br',
  duplicate: 'Já existe uma conexão com este ClientId nesta instituição.',
  notFound: 'Nenhuma conexão encontrada com este ClientId e esta URL nesta instituição.',
  platformRequired: 'Escolha uma plataforma',
} as const;

export interface LtiEndpoints {
  /** The platform URL a launch's `iss` names (canvas: the fixed hosted issuer; otherwise the given URL). */
  platformUrl: string;
  authenticationEndpoint: string;
  accesstokenEndpoint: string;
  authConfig: { method: 'JWK_SET'; key: string };
}

const isLocalHost = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');

/**
 * The URL as stored and compared: trimmed, scheme and host lower case (the URL parser does it), no query, no
 * fragment, no trailing slash. Null when it is not an absolute http(s) URL.
 */
export function normalizeLtiUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname || url.username || url.password) return null;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/** https, or http for localhost only (a platform on the developer's machine). */
export function isAllowedLtiUrl(normalized: string): boolean {
  const url = new URL(normalized);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLocalHost(url.hostname));
}

/** The endpoints of a platform registration, derived from its kind and its (normalized) URL. Pure. */
export function ltiEndpoints(platform: LtiPlatform, url: string): LtiEndpoints {
  const base = url.replace(/\/+$/, '');
  const jwks = (key: string) => ({ method: 'JWK_SET' as const, key });
  switch (platform) {
    case 'canvas':
      return {
        platformUrl: CANVAS_PLATFORM_URL,
        authenticationEndpoint: `${base}/api/lti/authorize_redirect`,
        accesstokenEndpoint: `${base}/login/oauth2/token`,
        authConfig: jwks(`${base}/api/lti/security/jwks`),
      };
    case 'd2l':
      return {
        platformUrl: base,
        authenticationEndpoint: `${base}/d2l/lti/authenticate`,
        accesstokenEndpoint: D2L_TOKEN_URL,
        authConfig: jwks(`${base}/d2l/.well-known/jwks`),
      };
    case 'moodle':
      return {
        platformUrl: base,
        authenticationEndpoint: `${base}/mod/lti/auth.php`,
        accesstokenEndpoint: `${base}/mod/lti/token.php`,
        authConfig: jwks(`${base}/mod/lti/certs.php`),
      };
  }
}

/** The platform URL field: required, an absolute https URL (http only for localhost), stored normalized. */
export const ltiUrl = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(500, MSG.maxChars(500))
    .transform((value, ctx) => {
      const normalized = normalizeLtiUrl(value);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: LTI_MSG.urlInvalid });
        return z.NEVER;
      }
      if (!isAllowedLtiUrl(normalized)) {
        ctx.addIssue({ code: 'custom', message: LTI_MSG.urlNotHttps });
        return z.NEVER;
      }
      return normalized;
    });

const clientId = () => z.string({ error: MSG.required }).trim().min(1, MSG.required).max(255, MSG.maxChars(255));

/** 'Adicionar Conexão': platform, name, ClientId, platform URL (§5: url and clientId required, a platform chosen). */
export const ltiAddBody = z.strictObject({
  platform: z.enum(LTI_PLATFORMS, { error: LTI_MSG.platformRequired }),
  name: z.string({ error: MSG.invalidValue }).trim().max(200, MSG.maxChars(200)).default(''),
  clientId: clientId(),
  url: ltiUrl(),
});
export type LtiAddBody = z.input<typeof ltiAddBody>;

/** 'Deletar Conexão': ClientId and URL, both required. */
export const ltiDeleteBody = z.strictObject({ clientId: clientId(), url: ltiUrl() });
export type LtiDeleteBody = z.input<typeof ltiDeleteBody>;

export const ltiConnectionView = z.object({
  id: z.number(),
  sellerId: z.number(),
  platform: z.enum(LTI_PLATFORMS),
  name: z.string(),
  clientId: z.string(),
  /** The URL the admin typed (normalized). */
  url: z.string(),
  /** The platform URL a launch names (canvas: the fixed hosted issuer). */
  platformUrl: z.string(),
  authenticationEndpoint: z.string(),
  accesstokenEndpoint: z.string(),
  authConfig: z.object({ method: z.literal('JWK_SET'), key: z.string() }),
  createdAt: z.string(),
});
export type LtiConnectionView = z.infer<typeof ltiConnectionView>;

const sellerParam = idParam;

export const ltiRoutes = {
  list: defineRoute({
    method: 'GET', path: '/sellers/:id/lti-connections', tag: 'lti', summary: 'Listar as conexões LTI ativas de uma instituição',
    access: LTI_ADMIN_TYPES, params: sellerParam, response: z.object({ data: z.array(ltiConnectionView) }),
  }),
  add: defineRoute({
    method: 'POST', path: '/sellers/:id/lti-connections', tag: 'lti', summary: 'Adicionar uma conexão LTI (canvas, d2l ou moodle) a uma instituição',
    access: LTI_ADMIN_TYPES, params: sellerParam, body: ltiAddBody, response: z.object({ message: z.string(), connection: ltiConnectionView }),
  }),
  remove: defineRoute({
    method: 'DELETE', path: '/sellers/:id/lti-connections', tag: 'lti', summary: 'Deletar a conexão LTI de uma instituição pelo ClientId e URL (fica registrada como excluída)',
    access: LTI_ADMIN_TYPES, params: sellerParam, body: ltiDeleteBody, response: z.object({ message: z.string(), id: z.number() }),
  }),
} as const;
