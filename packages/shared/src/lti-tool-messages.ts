/** What the LTI tool's pages say (pt-BR), and the refusal for each OIDC error a platform may answer. lti-tool.ts re-exports them. */
import { LTI_GRADE_MSG } from './lti-tool-answer';

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
  /** Grade passback (shown in the student viewer; lti-tool-answer.ts). */
  ...LTI_GRADE_MSG,
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
