/**
 * LTI 1.3 platform registrations of an institution (spec 3 §2.11 'Gerenciar Conexão LTI', §3 "LTI connection",
 * §5 "LTI add/delete"). The spec's cloud document store is replaced by PostgreSQL (`lti_connections`, one row per
 * connection, deletions kept as tombstones). The tool itself (launch, deep linking, scores) is lti-tool.ts;
 * each connection shows the values an LMS admin pastes into the LMS (`tool`), its deployments, and 'Testar conexão'.
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
import { idParam, textIdSchema } from './validation';
import { LTI_STUDENT_PREFIX } from './share-links';

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
  urlNotHttpsProduction: 'A URL da plataforma deve começar com https://.',
  urlInvalid: 'Informe uma URL válida, por exemplo https://moodle.suainstituicao.edu.br',
  duplicate: 'Já existe uma conexão com este ClientId nesta instituição.',
  duplicateElsewhere: 'Este LMS (issuer) e este ClientId já estão conectados a outra instituição. Cada registro da ferramenta no LMS atende uma única instituição.',
  notFound: 'Nenhuma conexão encontrada com este ClientId e esta URL nesta instituição.',
  platformRequired: 'Escolha uma plataforma',
  deploymentInvalid: 'Informe o Deployment ID como o LMS mostra (até 255 caracteres, sem espaços).',
  deploymentAdded: 'Deployment ID adicionado à conexão',
  deploymentDuplicate: 'Este Deployment ID já está cadastrado nesta conexão.',
  deploymentRemoved: 'Deployment ID removido da conexão',
  deploymentNotFound: 'Este Deployment ID não está cadastrado nesta conexão.',
  /** The confirmation of 'Remover' beside a deployment. */
  deploymentRemoveConfirm: (id: string) => `Remover o Deployment ID ${id}? Os acessos por essa instalação do LMS passam a ser recusados.`,
  connectionNotFound: 'Conexão LTI não encontrada nesta instituição.',
  /** 'Testar conexão': the platform's JWKS fetched by the server. */
  /**
   * Only one direction can be tested from here (the product reaching the LMS); the other (the LMS's server reaching the
   * tool: Deep Linking answers and grade tokens are checked against the tool's JWKS) shows when a teacher adds content.
   */
  testOk: (keys: number) =>
    `O LMS respondeu com ${keys} ${keys === 1 ? 'chave pública' : 'chaves públicas'} (JWKS): o Saber Compartilhado alcança o LMS. Falta o caminho inverso: adicione uma unidade a um curso pelo seletor de conteúdo do LMS; se o LMS recusar a resposta, ele não alcança a ferramenta (no Moodle, veja Administração do site → Geral → Segurança → Segurança HTTP).`,
  testTimeout: (url: string, seconds: number) => `O LMS não respondeu em ${seconds} s ao pedir as chaves públicas em ${url}. Confira a URL da plataforma.`,
  testUnreachable: (url: string) => `Não foi possível acessar ${url}. Confira a URL da plataforma e se o LMS está no ar.`,
  testHttp: (url: string, status: number) => `O LMS respondeu HTTP ${status} ao pedir as chaves públicas em ${url}. Confira a URL da plataforma e se a ferramenta LTI 1.3 está habilitada.`,
  testNotJwks: (url: string) => `O endereço ${url} não respondeu um conjunto de chaves (JWKS) válido.`,
} as const;

/**
 * An LTI-launched student's id (`lti:<connection>:<sub>`, or `lti:<connection>#<sha256>` for a long sub; lti-launch.ts
 * `studentIdOf`) read back: its connection and its LMS user id (null when only a digest was kept); null for any other id.
 */
export function parseLtiStudentId(id: string): { connectionId: number; sub: string | null; digest: string | null } | null {
  if (!id.startsWith(LTI_STUDENT_PREFIX)) return null;
  const m = /^(\d{1,10})([:#])([\s\S]+)$/.exec(id.slice(LTI_STUDENT_PREFIX.length));
  if (!m) return null;
  return { connectionId: Number(m[1]), sub: m[2] === ':' ? m[3]! : null, digest: m[2] === '#' ? m[3]! : null };
}

/**
 * How the access report names an LTI-launched student: the LMS's user id and the connection (its name, or the
 * platform's), e.g. "42 · Moodle da graduação (LTI)"; a digest-only id shows its first characters. With the name the
 * LMS gave (Names and Role Provisioning Services), the name first: "Maria Souza · 42 · Moodle da graduação (LTI)".
 */
export function ltiStudentLabel(parsed: { sub: string | null; digest: string | null }, connection: string, name?: string | null): string {
  const id = `${parsed.sub ?? `usuário ${(parsed.digest ?? '').slice(0, 10)}`} · ${connection} (LTI)`;
  return name ? `${name} · ${id}` : id;
}

/** A deployment id as the platform sends it (LTI Core: at most 255 ASCII characters, case-sensitive). */
export const ltiDeploymentId = () =>
  z
    .string({ error: LTI_MSG.deploymentInvalid })
    .trim()
    .min(1, LTI_MSG.deploymentInvalid)
    .max(255, LTI_MSG.deploymentInvalid)
    .regex(/^[\x21-\x7e]+$/, LTI_MSG.deploymentInvalid);

export interface LtiEndpoints {
  /** The platform URL a launch's `iss` names (canvas: the fixed hosted issuer; otherwise the given URL). */
  platformUrl: string;
  authenticationEndpoint: string;
  accesstokenEndpoint: string;
  authConfig: { method: 'JWK_SET'; key: string };
}

/** A host on the developer's machine (http is accepted for it while the tool itself runs on localhost). */
export const isLocalLtiHost = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');

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

/**
 * https, or http for localhost only (a platform on the developer's machine) when `allowLocalHttp` — the server passes
 * false unless it runs on localhost itself (its PUBLIC_URL), so a production tool never talks to a platform over http.
 */
export function isAllowedLtiUrl(normalized: string, allowLocalHttp = true): boolean {
  const url = new URL(normalized);
  return url.protocol === 'https:' || (allowLocalHttp && url.protocol === 'http:' && isLocalLtiHost(url.hostname));
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
  /**
   * Optional: the Deployment ID the LMS shows for the installed tool. Empty: the first deployment that launches is
   * recorded and from then on only the recorded ones are accepted (docs/decisions.md, LTI, "Connections").
   */
  deploymentId: z.union([z.literal(''), ltiDeploymentId()]).optional(),
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
  /** What the LMS admin pastes into the LMS (lti-tool.ts `ltiToolUrls`, the same for every connection). */
  tool: z.object({
    toolUrl: z.string(),
    loginUrl: z.string(),
    redirectUris: z.array(z.string()),
    jwksUrl: z.string(),
    deepLinkingUrl: z.string(),
    domain: z.string(),
  }),
  /** The deployments accepted (registered by the admin, or the first seen at a launch). */
  deployments: z.array(z.object({ deploymentId: z.string(), source: z.enum(['admin', 'first_launch']), createdAt: z.string() })),
});
export type LtiConnectionView = z.infer<typeof ltiConnectionView>;

const sellerParam = idParam;
const connectionParams = z.strictObject({
  id: textIdSchema(MSG.invalidValue),
  connectionId: textIdSchema(MSG.invalidValue),
});
export const ltiDeploymentBody = z.strictObject({ deploymentId: ltiDeploymentId() });
export type LtiDeploymentBody = z.input<typeof ltiDeploymentBody>;
export const ltiTestReply = z.object({ ok: z.boolean(), message: z.string() });
export type LtiTestReply = z.infer<typeof ltiTestReply>;

export const ltiRoutes = {
  list: defineRoute({
    method: 'GET', path: '/sellers/:id/lti-connections', tag: 'lti', summary: 'Listar as conexões LTI ativas de uma instituição',
    access: LTI_ADMIN_TYPES, params: sellerParam,
    response: z.object({
      data: z.array(ltiConnectionView),
      /** The tool's values for registering it in an LMS, before any connection exists (the same as each connection's `tool`). */
      tool: ltiConnectionView.shape.tool,
    }),
  }),
  add: defineRoute({
    method: 'POST', path: '/sellers/:id/lti-connections', tag: 'lti', summary: 'Adicionar uma conexão LTI (canvas, d2l ou moodle) a uma instituição',
    access: LTI_ADMIN_TYPES, params: sellerParam, body: ltiAddBody, response: z.object({ message: z.string(), connection: ltiConnectionView }),
  }),
  remove: defineRoute({
    method: 'DELETE', path: '/sellers/:id/lti-connections', tag: 'lti', summary: 'Deletar a conexão LTI de uma instituição pelo ClientId e URL (fica registrada como excluída)',
    access: LTI_ADMIN_TYPES, params: sellerParam, body: ltiDeleteBody, response: z.object({ message: z.string(), id: z.number() }),
  }),
  test: defineRoute({
    method: 'POST', path: '/sellers/:id/lti-connections/:connectionId/test', tag: 'lti',
    summary: "'Testar conexão': o servidor pede as chaves públicas (JWKS) do LMS, com tempo limite, e diz se respondeu",
    access: LTI_ADMIN_TYPES, params: connectionParams, response: ltiTestReply,
  }),
  addDeployment: defineRoute({
    method: 'POST', path: '/sellers/:id/lti-connections/:connectionId/deployments', tag: 'lti',
    summary: 'Adicionar um Deployment ID aceito pela conexão (uma instalação da ferramenta no LMS)',
    access: LTI_ADMIN_TYPES, params: connectionParams, body: ltiDeploymentBody, response: z.object({ message: z.string(), connection: ltiConnectionView }),
  }),
  removeDeployment: defineRoute({
    method: 'DELETE', path: '/sellers/:id/lti-connections/:connectionId/deployments', tag: 'lti',
    summary: 'Remover um Deployment ID da conexão (o cadastrado pelo administrador ou o registrado no primeiro acesso); os acessos dele passam a ser recusados',
    access: LTI_ADMIN_TYPES, params: connectionParams, body: ltiDeploymentBody, response: z.object({ message: z.string(), connection: ltiConnectionView }),
  }),
} as const;
