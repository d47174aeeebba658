/**
 * The LTI 1.3 tool (issue 14 item 1): IMS LTI Core 1.3, Security Framework 1.0 (OIDC third-party login, signed
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
 *
 * The tool's URLs are the same for every connection (the admin registers the tool in the LMS first, and only then
 * knows the ClientId to type in 'Adicionar Conexão').
 * - the content picker's calls (`x-lti-session`) and its answer (an auto-posted LtiDeepLinkingResponse);
 * - `POST /api/student/lti/score` — an answer of the student viewer opened by a launch that offered AGS.
 *
 * Browser-facing answers (login, launch, deep-linking response) are HTML pages in pt-BR, never JSON.
 */
import { z } from 'zod';
import { idSchema } from './validation';
import { defineRoute } from './contract';
import { catalogueQuery, catalogueResponse } from './catalogue';
import { MSG } from './messages';
import { STUDENT_ONLY } from './student';

/** Claims of LTI Core 1.3, Deep Linking 2.0 and AGS 2.0 (their full names). */
export const LTI_CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  deepLinkingMsg: 'https://purl.imsglobal.org/spec/lti-dl/claim/msg',
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

export const LTI_VERSION = '1.3.0';
export const LTI_MESSAGE = {
  resourceLink: 'LtiResourceLinkRequest',
  deepLinkingRequest: 'LtiDeepLinkingRequest',
  deepLinkingResponse: 'LtiDeepLinkingResponse',
} as const;
export const AGS_SCOPE_SCORE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
export const AGS_SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';

/** The custom parameters our deep-linking items carry (LTI custom claim): the unit (item id) or the subject. */
export const LTI_CUSTOM_UNIT = 'saber_unit';
export const LTI_CUSTOM_SUBJECT = 'saber_subject';

/** The deep-linking session's credential on the content picker's calls. */
export const LTI_SESSION_HEADER = 'x-lti-session';
/** The web path of the content picker (`?session=…`). */
export const LTI_DEEP_LINKING_PATH = '/lti/deep-linking';
/** The prefix of an LTI-launched student's id (share-links.ts). */
export { LTI_STUDENT_PREFIX } from './share-links';

/** Lifetimes. */
export const LTI_LIMITS = {
  /** Login initiation → launch (the OIDC round trip through the platform). */
  stateMinutes: 10,
  /** id_token age accepted (its `iat`), and the clock skew tolerated on exp/iat. */
  idTokenMaxAgeSeconds: 600,
  clockToleranceSeconds: 60,
  /** How long a launched student may keep reading (the student link minted at launch). */
  launchHours: 8,
  /** The teacher's time in the content picker. */
  deepLinkingMinutes: 60,
  /** Our signed messages (deep-linking response, client assertion). */
  messageSeconds: 600,
  /** HTTP calls to a platform (JWKS, token, scores). */
  httpTimeoutMs: 5000,
  /**
   * A key replaced by a planned rotation stays published this long after it stopped signing (longer than any message
   * we sign, and than any platform's cache of our JWKS). An emergency rotation (`--now`) keeps the old keys published
   * only `messageSeconds` (the messages they signed expire by then); a revoked key (`--revoke`) leaves at once.
   */
  retiredKeyHours: 24,
  /** A rotated-in key is published this long before it starts signing, so platforms that cache our JWKS know it. */
  keyActivationMinutes: 15,
  /** Items of one deep-linking response. */
  maxItems: 50,
  /** How long the login and launch pages wait for the platform storage to answer (lti.put_data, lti.get_data). */
  storageWaitMs: 3000,
} as const;

/** The values an LMS administrator pastes into Moodle, Canvas or D2L, per connection (docs/lms.md). */
export interface LtiToolUrls {
  /** Tool URL / target link URI (the launch of every resource link). */
  toolUrl: string;
  /** Initiate login URL (OIDC third-party login). */
  loginUrl: string;
  /** Redirection URI(s): where the platform posts the id_token. */
  redirectUris: string[];
  /** The tool's public keyset (JWKS). */
  jwksUrl: string;
  /** Content selection / deep-linking URL. */
  deepLinkingUrl: string;
  /** The tool's domain (Canvas asks for it). */
  domain: string;
}

export function ltiToolUrls(publicUrl: string): LtiToolUrls {
  const base = publicUrl.replace(/\/+$/, '');
  const launch = `${base}/api/lti/launch`;
  return {
    toolUrl: launch,
    loginUrl: `${base}/api/lti/login`,
    redirectUris: [launch],
    jwksUrl: `${base}/api/lti/jwks`,
    deepLinkingUrl: launch,
    domain: new URL(base).host,
  };
}

/** What the pages say (pt-BR). Each refusal names what happened and who can fix it. */
export const LTI_TOOL_MSG = {
  pageTitle: 'Saber Compartilhado — LTI',
  refusedTitle: 'Não foi possível abrir o conteúdo',
  refusedHint: 'Feche esta janela e tente de novo pelo seu LMS. Se o problema continuar, fale com o administrador do LMS da sua instituição.',
  connectionUnknown: 'Este LMS não está conectado à Saber Compartilhado (nenhuma conexão LTI com este issuer e este ClientId). O administrador precisa cadastrar a conexão.',
  clientMissing: 'O LMS não enviou o client_id e há mais de uma conexão para ele. O administrador do LMS precisa conferir a configuração da ferramenta.',
  loginMissing: 'O LMS não enviou os dados de início de sessão (iss, login_hint, target_link_uri).',
  /** The platform's OIDC error with a code outside LTI_PLATFORM_ERRORS. */
  platformErrorOther: 'O LMS recusou a autenticação. Abra o conteúdo de novo pelo LMS; se o problema continuar, fale com o administrador do LMS.',
  stateMissing: 'O acesso não foi iniciado por esta ferramenta, ou já foi usado. Abra o conteúdo de novo pelo LMS.',
  stateExpired: 'O acesso demorou demais para ser concluído. Abra o conteúdo de novo pelo LMS.',
  browserMismatch:
    'Não foi possível confirmar que este acesso começou neste navegador. Abra o conteúdo de novo pelo LMS; se o problema continuar, peça ao administrador do LMS para abrir a ferramenta em uma nova janela.',
  /**
   * The login check found no cookie (a browser that keeps none inside the LMS, e.g. Safari on the iPhone, in an LMS
   * without platform storage): the page offers to start the same login again in a new window.
   */
  cookiesBlocked: 'Seu navegador não guarda os dados de acesso dentro da página do LMS (acontece, por exemplo, no Safari do iPhone e do Mac). Abra o conteúdo em uma nova janela: lá o LMS confirma quem você é e o conteúdo abre normalmente.',
  relaunchButton: 'Abrir em nova janela',
  relaunchInvalid: 'Este link para abrir em nova janela expirou ou já foi usado. Abra o conteúdo de novo pelo LMS.',
  /** The pages that talk to the platform storage while the login or the launch goes on. */
  opening: 'Abrindo o conteúdo…',
  checking: 'Confirmando o acesso…',
  continueButton: 'Continuar',
  tokenMissing: 'O LMS não enviou o id_token.',
  tokenInvalid: 'A mensagem do LMS não é um id_token válido.',
  signature: 'A assinatura da mensagem do LMS não confere com as chaves públicas (JWKS) da plataforma.',
  jwksUnreachable: 'Não foi possível obter as chaves públicas (JWKS) do LMS. Tente de novo em instantes.',
  expired: 'A mensagem do LMS expirou. Abra o conteúdo de novo pelo LMS.',
  issuer: 'A mensagem foi emitida por outro LMS (issuer diferente do cadastrado).',
  audience: 'A mensagem não é destinada a esta ferramenta (audience diferente do ClientId cadastrado).',
  claims: 'A mensagem do LMS está incompleta ou inválida.',
  nonce: 'A mensagem do LMS não corresponde a este acesso (nonce). Abra o conteúdo de novo pelo LMS.',
  version: 'A mensagem do LMS não é LTI 1.3.0.',
  messageType: 'Tipo de mensagem LTI não suportado por esta ferramenta.',
  deploymentMissing: 'A mensagem do LMS não informa o deployment (deployment_id).',
  deploymentUnknown: 'Esta instalação da ferramenta no LMS (deployment) não está cadastrada na conexão. O administrador precisa adicionar o Deployment ID na conexão LTI.',
  noUser: 'O LMS não identificou o usuário. Entre no LMS e abra o conteúdo de novo.',
  noTarget: 'Este link do LMS não indica uma unidade nem uma disciplina. Peça ao professor para adicioná-lo pelo seletor de conteúdo da ferramenta.',
  institutionInactive: 'A instituição está com o acesso suspenso na Saber Compartilhado. Fale com a coordenação.',
  rentEnded: 'Esta unidade não está mais disponível: a instituição não tem mais um aluguel ativo do fornecedor dela.',
  subjectRentEnded: 'Nenhuma unidade desta disciplina está disponível: a instituição não tem mais um aluguel ativo dos fornecedores delas.',
  unitGone: 'Esta unidade não está mais publicada.',
  subjectGone: 'Esta disciplina não existe mais na instituição.',
  notTeacher: 'Somente professores e administradores do curso podem escolher conteúdos.',
  deepLinkingSettings: 'O LMS não informou para onde devolver os conteúdos escolhidos (deep_link_return_url).',
  deepLinkingReturn: 'O endereço para devolver os conteúdos escolhidos (deep_link_return_url) não é do LMS cadastrado na conexão. O administrador do LMS precisa conferir a URL da plataforma.',
  deepLinkingTypes: 'O LMS não aceita links LTI neste local.',
  tooManyRequests: 'Muitos acessos em pouco tempo a partir deste endereço. Aguarde um minuto e tente de novo.',
  requestInvalid: 'O pedido recebido do LMS está incompleto ou inválido. Abra o conteúdo de novo pelo LMS.',
  unexpected: 'Ocorreu um erro inesperado na Saber Compartilhado. Tente de novo em instantes; se o problema continuar, fale com o administrador do LMS.',
  /** The deep-linking session (content picker). */
  sessionInvalid: 'A sessão de escolha de conteúdo expirou ou já foi usada. Abra o seletor de novo pelo LMS.',
  nothingChosen: 'Escolha ao menos uma unidade ou disciplina.',
  onlyOne: 'Este local do LMS aceita um único conteúdo. Escolha só um.',
  tooMany: (max: number) => `Escolha no máximo ${max} conteúdos de uma vez.`,
  itemUnavailable: 'Um dos conteúdos escolhidos não está mais disponível para a instituição.',
  returning: 'Enviando os conteúdos escolhidos ao LMS…',
  returnButton: 'Continuar',
  /** The content picker page. */
  pickerTitle: 'Escolher conteúdo',
  pickerIntro: (institution: string) => `Unidades dos aluguéis ativos de ${institution}. Escolha o que adicionar ao curso no LMS.`,
  pickerSubjects: 'Disciplinas',
  pickerSubjectsHint: 'Adiciona a disciplina inteira: o aluno vê as unidades na ordem da disciplina.',
  pickerUnits: 'Unidades',
  pickerNoSubjects: 'A instituição ainda não tem disciplinas.',
  pickerEmpty: 'A instituição não tem unidades de aluguéis ativos.',
  pickerChosen: (n: number) => (n === 0 ? 'Nenhum conteúdo escolhido' : n === 1 ? '1 conteúdo escolhido' : `${n} conteúdos escolhidos`),
  pickerSubmit: 'Adicionar ao LMS',
  pickerSubjectUnits: (n: number) => `${n} ${n === 1 ? 'unidade' : 'unidades'}`,
  pickerOnlyOne: 'Este local do LMS aceita um único conteúdo.',
  /** Grade passback (shown in the student viewer). */
  gradeSent: 'Resposta registrada: sua nota será enviada ao LMS.',
  gradeKept: 'A nota considera a primeira resposta de cada questão: esta nova resposta não muda a nota enviada ao LMS.',
  gradeFail: 'Não foi possível enviar sua resposta ao LMS agora.',
  questionUnknown: 'Esta questão não faz parte da unidade.',
  noGrades: 'Este acesso não envia notas ao LMS.',
} as const;

/**
 * The platform's OIDC error (`error` of the authentication response, OIDC Core §3.1.2.6 and RFC 6749 §4.2.2.1): what
 * the refusal page says for each known code. The page never shows the platform's `error_description` (anyone can post
 * one to the launch URL); the log keeps it.
 */
export const LTI_PLATFORM_ERRORS = {
  login_required: 'O LMS não encontrou uma sessão ativa. Entre no LMS e abra o conteúdo de novo.',
  interaction_required: 'O LMS precisa de uma ação sua antes de abrir o conteúdo. Entre no LMS e abra o conteúdo de novo.',
  consent_required: 'O LMS precisa do seu consentimento antes de abrir o conteúdo. Abra o conteúdo de novo pelo LMS.',
  account_selection_required: 'O LMS precisa que você escolha uma conta. Entre no LMS e abra o conteúdo de novo.',
  access_denied: 'O LMS negou o acesso a esta ferramenta. Fale com o administrador do LMS.',
  unauthorized_client: 'O LMS não reconhece esta ferramenta (ClientId). O administrador do LMS precisa conferir o registro da ferramenta.',
  invalid_client: 'O LMS não reconhece esta ferramenta (ClientId). O administrador do LMS precisa conferir o registro da ferramenta.',
  invalid_request: 'O LMS considerou o pedido de autenticação inválido. O administrador do LMS precisa conferir o registro da ferramenta (URIs de redirecionamento).',
  invalid_request_uri: 'O LMS considerou o pedido de autenticação inválido. O administrador do LMS precisa conferir o registro da ferramenta.',
  invalid_request_object: 'O LMS considerou o pedido de autenticação inválido. O administrador do LMS precisa conferir o registro da ferramenta.',
  invalid_scope: 'O LMS não aceitou as permissões pedidas pela ferramenta. O administrador do LMS precisa conferir o registro da ferramenta.',
  unsupported_response_type: 'O LMS não aceitou o tipo de resposta pedido pela ferramenta (LTI 1.3). O administrador do LMS precisa conferir o registro da ferramenta.',
  request_not_supported: 'O LMS não aceitou o pedido de autenticação. O administrador do LMS precisa conferir o registro da ferramenta.',
  request_uri_not_supported: 'O LMS não aceitou o pedido de autenticação. O administrador do LMS precisa conferir o registro da ferramenta.',
  registration_not_supported: 'O LMS não aceitou o pedido de autenticação. O administrador do LMS precisa conferir o registro da ferramenta.',
  server_error: 'O LMS teve um erro ao autenticar. Tente de novo em instantes.',
  temporarily_unavailable: 'O LMS está temporariamente indisponível. Tente de novo em instantes.',
} as const;

/** The body of the login initiation (query of a GET, form of a POST). Loose: platforms send more (Canvas: canvas_region…). */
export const ltiLoginParams = z.object({
  iss: z.string().max(2000).optional(),
  login_hint: z.string().max(2000).optional(),
  target_link_uri: z.string().max(2000).optional(),
  lti_message_hint: z.string().max(4000).optional(),
  lti_deployment_id: z.string().max(255).optional(),
  client_id: z.string().max(255).optional(),
  /** LTI Client Side postMessages: the platform offers its storage, in this frame (`_parent` or a named frame). */
  lti_storage_target: z.string().max(200).optional(),
});

/** A login started again in a new window: the single-use token the refusal page's link carries. */
export const ltiRelaunchQuery = z.object({ token: z.string().max(200).optional() });
/** The login check: the login's state (its cookie comes with the request, or not). */
export const ltiLoginCheckQuery = z.object({ state: z.string().max(200).optional() });

/** The authentication response (form_post): the id_token and our state, or the platform's OIDC error. */
export const ltiLaunchBody = z.object({
  id_token: z.string().max(20_000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  /** Canvas repeats the login's `lti_storage_target` here; the state row already says where the binding is. */
  lti_storage_target: z.string().max(200).optional(),
});

/**
 * The launch page's second step when the login used the platform storage: the authentication response again and what
 * `lti.get_data` answered in that browser (`proof`, null when the platform answered nothing). JSON, from our own page
 * only (a cross-site form cannot send it).
 */
export const ltiStorageLaunchBody = z.strictObject({
  state: z.string().max(200),
  id_token: z.string().max(20_000),
  proof: z.string().max(200).nullable(),
});
/** Where the launch page goes next (the student viewer or the content picker). */
export const ltiStorageLaunchReply = z.object({ location: z.string() });

const htmlPage = z.string().describe('Página HTML (pt-BR)');

export const jwksResponse = z.object({
  keys: z.array(z.object({ kty: z.string(), kid: z.string(), alg: z.string(), use: z.string(), n: z.string(), e: z.string() })),
});

/** The content picker's context: who chooses for which institution, what the LMS accepts, the institution's subjects. */
export const deepLinkingContext = z.object({
  institution: z.string(),
  platform: z.string(),
  acceptMultiple: z.boolean(),
  expiresAt: z.string(),
  subjects: z.array(z.object({ id: z.number(), name: z.string(), units: z.number() })),
});
export type DeepLinkingContext = z.infer<typeof deepLinkingContext>;

/** 'Adicionar ao LMS': the session and the choice, `u:<item id>` and `s:<subject id>` separated by commas (a form post). */
export const deepLinkingChoiceBody = z.object({
  session: z.string().max(200).optional(),
  items: z.string().max(2000).optional(),
});

/** An answer given in the student viewer of a launch with AGS: the server checks it against the unit. */
export const ltiAnswerBody = z.strictObject({
  unitId: idSchema(MSG.invalidValue),
  /** The question's key (`questionKey` of content/unit-questions.ts). */
  question: z.string({ error: MSG.invalidValue }).min(1, MSG.invalidValue).max(200_000, MSG.invalidValue),
  option: z.string({ error: MSG.invalidValue }).min(1, MSG.invalidValue).max(200, MSG.invalidValue),
});
export type LtiAnswerBody = z.input<typeof ltiAnswerBody>;
export const ltiAnswerReply = z.object({
  correct: z.boolean(),
  /** Whether this answer counts: only the first answer of each question does (docs/decisions.md "Issue 14 — LTI 1.3"). */
  counted: z.boolean(),
  /** The student's standing sent to the LMS: right answers of the unit's (or subject's) questions. */
  right: z.number(),
  total: z.number(),
  message: z.string(),
});

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
  answer: defineRoute({
    method: 'POST', path: '/student/lti/score', tag: 'lti-tool',
    summary: 'Aluno aberto pelo LMS com AGS: uma resposta; o servidor confere e envia a nota (acertos/questões) ao LMS',
    access: STUDENT_ONLY, studentLink: true, body: ltiAnswerBody, response: ltiAnswerReply, rateLimit: 'student',
  }),
} as const;
