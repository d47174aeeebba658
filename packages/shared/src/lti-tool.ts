/**
 * The LTI 1.3 tool: IMS LTI Core 1.3, Security Framework 1.0 (OIDC third-party login, signed
 * JWTs, JWKS), Deep Linking 2.0 and Assignment and Grade Services 2.0 (scores). The connections an institution's
 * admin registers are in lti.ts; this file is what an LMS talks to:
 *
 * - `GET /api/lti/jwks` — the tool's public keys;
 * - `GET|POST /api/lti/login` — OIDC login initiation: the connection is the live one whose platform is `iss` and whose
 *   ClientId is `client_id` (302 to its authentication endpoint with a single-use `state` and `nonce` kept in
 *   PostgreSQL). The login is bound to the browser that started it: a partitioned cookie (CHIPS, kept inside the LMS
 *   iframe even when third-party cookies are blocked) and, when the platform announces `lti_storage_target`, its
 *   platform storage (1EdTech LTI Client Side postMessages: a page that `lti.put_data`s the binding before going on);
 * - `POST /api/lti/launch` — the redirect URI: the platform's id_token (form_post), verified against the connection
 *   the state names, in the browser that started the login (its cookie; or, for a platform-storage login, a page that
 *   `lti.get_data`s the binding and sends it to `POST /api/lti/launch/storage`); a resource link opens the student
 *   viewer, a deep-linking request the content picker (`/lti/deep-linking`). Between the login and the platform, the
 *   browser passes `GET /api/lti/login/check`: a browser that kept no cookie of the login (none in the iframe, in an
 *   LMS without platform storage) gets a link that opens `GET /api/lti/relaunch` in a new window: the same login
 *   started again there, top-level;
 * - the content picker's calls (`x-lti-session`) and its answer (an auto-posted LtiDeepLinkingResponse);
 * - `POST /api/student/lti/score` — an answer of the student viewer opened by a launch that offered AGS.
 *
 * The tool's URLs are the same for every connection (the admin registers the tool in the LMS first, and only then
 * knows the ClientId to type in 'Adicionar Conexão').
 *
 * Browser-facing answers (login, launch, deep-linking response) are HTML pages in pt-BR, never JSON.
 *
 * This file holds the routes and is the domain's entry: it re-exports the protocol constants (lti-tool-protocol.ts),
 * the pages' texts (lti-tool-messages.ts) and the request and answer schemas (lti-tool-schemas.ts).
 */
import { z } from 'zod';
import { defineRoute } from './contract';
import { catalogueQuery, catalogueResponse } from './catalogue';
import { LTI_SESSION_HEADER } from './lti-tool-protocol';
import { ltiAnswerRoute } from './lti-tool-answer';
import {
  deepLinkingChoiceBody,
  deepLinkingContext,
  jwksResponse,
  ltiLaunchBody,
  ltiLoginCheckQuery,
  ltiLoginParams,
  ltiRelaunchQuery,
  ltiStorageLaunchBody,
  ltiStorageLaunchReply,
} from './lti-tool-schemas';

export * from './lti-tool-protocol';
export * from './lti-tool-messages';
export * from './lti-tool-schemas';
export * from './lti-tool-answer';

const htmlPage = z.string().describe('Página HTML (pt-BR)');

export const ltiToolRoutes = {
  jwks: defineRoute({
    method: 'GET', path: '/lti/jwks', tag: 'lti-tool',
    summary: 'LTI 1.3: as chaves públicas da ferramenta (JWKS), com as chaves em rodízio',
    access: 'public', response: jwksResponse,
  }),
  loginGet: defineRoute({
    method: 'GET', path: '/lti/login', tag: 'lti-tool',
    summary: 'LTI 1.3: início de login OIDC (third-party initiated login); a conexão é a do iss e client_id; redireciona ao endpoint de autenticação do LMS',
    access: 'public', query: ltiLoginParams, response: htmlPage,
  }),
  loginPost: defineRoute({
    method: 'POST', path: '/lti/login', tag: 'lti-tool',
    summary: 'LTI 1.3: início de login OIDC por POST (formulário)',
    access: 'public', body: ltiLoginParams, response: htmlPage,
  }),
  launch: defineRoute({
    method: 'POST', path: '/lti/launch', tag: 'lti-tool',
    summary: 'LTI 1.3: redirect URI (form_post do id_token), verificado com a conexão do state. Link de recurso: abre o visualizador do aluno; deep linking: o seletor de conteúdo',
    access: 'public', body: ltiLaunchBody, response: htmlPage,
  }),
  loginCheck: defineRoute({
    method: 'GET', path: '/lti/login/check', tag: 'lti-tool',
    summary: 'LTI 1.3: depois do início de login, confere se o navegador guardou o cookie do login; com ele, segue para o endpoint de autenticação do LMS; sem nenhum, oferece abrir em nova janela',
    access: 'public', query: ltiLoginCheckQuery, response: htmlPage,
  }),
  relaunch: defineRoute({
    method: 'GET', path: '/lti/relaunch', tag: 'lti-tool',
    summary: 'LTI 1.3: começa de novo, numa nova janela, um login cujo navegador não guardou cookie dentro do LMS; o token vale uma vez, por 10 minutos',
    access: 'public', query: ltiRelaunchQuery, response: htmlPage,
  }),
  launchStorage: defineRoute({
    method: 'POST', path: '/lti/launch/storage', tag: 'lti-tool',
    summary: 'LTI 1.3: a página do acesso envia o que o armazenamento da plataforma (lti.get_data) guardou no login; confere que o acesso começou neste navegador e responde para onde seguir',
    access: 'public', body: ltiStorageLaunchBody, response: ltiStorageLaunchReply,
  }),
  deepLinkingContext: defineRoute({
    method: 'GET', path: '/lti/deep-linking/context', tag: 'lti-tool',
    summary: `Seletor de conteúdo (deep linking): instituição, o que o LMS aceita e as disciplinas; credencial: a sessão em ${LTI_SESSION_HEADER}`,
    access: 'public', response: deepLinkingContext,
  }),
  deepLinkingCatalogue: defineRoute({
    method: 'GET', path: '/lti/deep-linking/catalogue', tag: 'lti-tool',
    summary: `Seletor de conteúdo: o catálogo da instituição (unidades dos aluguéis ativos), como em Meu Catálogo; credencial em ${LTI_SESSION_HEADER}`,
    access: 'public', query: catalogueQuery, response: catalogueResponse,
  }),
  deepLinkingRespond: defineRoute({
    method: 'POST', path: '/lti/deep-linking/response', tag: 'lti-tool',
    summary: 'Seletor de conteúdo: devolve ao LMS a LtiDeepLinkingResponse assinada (formulário enviado automaticamente ao deep_link_return_url)',
    access: 'public', body: deepLinkingChoiceBody, response: htmlPage,
  }),
  answer: ltiAnswerRoute,
} as const;
