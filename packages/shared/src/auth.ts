/** Sign-in, sign-up, e-mail confirmation and password flows (spec 1 §2.2–§2.6, §5, §7 "Auth and users"). */
import { z } from 'zod';
import { USER_STATUSES, USER_TYPES } from './access';
import { INSTITUTION_GRANTS, SUSPENSION_REASONS } from './institutions';
import { MSG } from './messages';
import { LIMITS } from './limits';
import { defineRoute } from './contract';
import { cnpj, cpf, email, messageResponse, optionalCnpj, optionalLink, optionalText, password, requiredText, idSchema, textIdSchema } from './validation';

export const PROFILE_TYPES = ['Profissional Liberal', 'Instituição de Ensino', 'Fornecedor', 'Fornecedor de Servico'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export const KNOWLEDGE_LEVELS = [
  { value: 1, label: 'Técnico' },
  { value: 2, label: 'Graduação' },
  { value: 3, label: 'Pós-Graduação' },
  { value: 4, label: 'Mestrado' },
  { value: 5, label: 'Doutorado' },
  { value: 6, label: 'Pós-Doutorado' },
] as const;

export const sessionUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  type: z.enum(USER_TYPES),
  status: z.enum(USER_STATUSES),
  provider: z.object({ id: z.number(), status: z.string(), isServiceProvider: z.boolean() }).nullable(),
  /**
   * The user's institution, its status (a suspended or pending one loses the store, cart and catalogue) and what an
   * admin granted it (INSTITUTION_GRANTS: packages, temporary links, review files).
   */
  seller: z
    .object({
      id: z.number(),
      status: z.enum(['active', 'pending', 'suspended']),
      grants: z.array(z.enum(INSTITUTION_GRANTS)),
      /** Why the system suspended it (the late-payment rule); null when suspended by hand or not suspended. */
      suspensionReason: z.enum(SUSPENSION_REASONS).nullable(),
      /** Its charges overdue now (VENCIDA): the shell's late-payment notice. */
      overdueCharges: z.number(),
    })
    .nullable(),
  mustChangePassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const signinBody = z.strictObject({
  email: email(),
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(LIMITS.passwordMax, MSG.loginFail),
});
export type SigninBody = z.input<typeof signinBody>;

export const signinReply = sessionUser.extend({ token: z.string() });

export const passwordPair = z
  .strictObject({
    password: password(),
    password_confirmation: z.string({ error: MSG.required }).min(1, MSG.required).min(LIMITS.passwordMin, MSG.passwordMin),
  })
  .refine((v) => v.password === v.password_confirmation, { message: MSG.passwordsDontMatch, path: ['password_confirmation'] });

export const resetPasswordBody = z
  .strictObject({
    token: z.string({ error: MSG.tokenMissing }).min(1, MSG.tokenMissing).max(200, MSG.tokenInvalid),
    password: password(),
    password_confirmation: z.string({ error: MSG.required }).min(1, MSG.required).min(LIMITS.passwordMin, MSG.passwordMin),
  })
  .refine((v) => v.password === v.password_confirmation, { message: MSG.passwordsDontMatch, path: ['password_confirmation'] });

export const updatePasswordBody = z
  .strictObject({
    currentPassword: z.string().max(LIMITS.passwordMax).optional(),
    password: password(),
    password_confirmation: z.string({ error: MSG.required }).min(1, MSG.required),
  })
  .refine((v) => v.password === v.password_confirmation, { message: MSG.profilePasswordsDontMatch, path: ['password_confirmation'] });

export const forgotPasswordBody = z.strictObject({ email: email() });

export const confirmEmailBody = z.strictObject({
  email: email(),
  token: z.string({ error: MSG.tokenMissing }).min(1, MSG.tokenMissing).max(200, MSG.tokenInvalid),
});

/** Provider sign-up (spec 1 §3 "Provider sign-up payload"). The password is chosen by the server. */
const providerSignupBase = z.strictObject({
  nameUser: requiredText(),
  email: email(),
  password: z.string().max(LIMITS.passwordMax).optional(),
  type: z.literal('provider').default('provider'),
  nameProvider: optionalText(LIMITS.nameMax),
  typePerson: z.enum(PROFILE_TYPES, { error: MSG.required }),
  companyName: optionalText(LIMITS.nameMax),
  isServiceProvider: z.boolean().optional(),
  cpf: z.string().trim().optional(),
  cnpj: z.string().trim().optional(),
  lattes: optionalLink(),
  linkdin: optionalLink(),
  knowledgeLevel: z.array(z.number().int().min(1).max(6), { error: MSG.requiredLower }).max(6).optional(),
  professionalExperience: optionalText(LIMITS.textMax),
});

export const providerSignupBody = providerSignupBase.superRefine((v, ctx) => {
  const need = (path: string, message: string = MSG.required) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.typePerson === 'Profissional Liberal') {
    const cpfResult = cpf().safeParse(v.cpf ?? '');
    if (!cpfResult.success) need('cpf', cpfResult.error.issues[0]!.message);
    if (v.cnpj && !optionalCnpj().safeParse(v.cnpj).success) need('cnpj', MSG.invalidCnpj);
    if (!v.knowledgeLevel || v.knowledgeLevel.length === 0) need('knowledgeLevel', MSG.requiredLower);
    if (!v.professionalExperience) need('professionalExperience');
  } else {
    const cnpjResult = cnpj().safeParse(v.cnpj ?? '');
    if (!cnpjResult.success) need('cnpj', cnpjResult.error.issues[0]!.message);
    if (!v.companyName) need('companyName');
  }
});
export type ProviderSignupBody = z.input<typeof providerSignupBody>;

export const providerSignupReply = z.object({ code: z.number(), message: z.string(), userId: z.number() });

/** Institution sign-up (spec 1 §2.4, §3 "Institution sign-up payload"). */
export const institutionSignupBody = z.strictObject({
  nameUser: requiredText(),
  email: email(),
  password: z.string().max(LIMITS.passwordMax).optional(),
  sellerName: requiredText(),
  cnpj: cnpj(),
  planId: idSchema(MSG.required),
  status: z.literal('inative').optional(),
});
export type InstitutionSignupBody = z.input<typeof institutionSignupBody>;
export const institutionSignupReply = z.object({
  userId: z.number(),
  sellerId: z.number(),
  /** Single-use token that lets the new institution upload its logo right after sign-up. */
  logoUploadToken: z.string(),
});

export const signupPlan = z.object({ id: z.number(), name: z.string(), minRent: z.number(), maxRent: z.number() });

export const authRoutes = {
  signin: defineRoute({
    method: 'POST', path: '/signin', tag: 'auth', summary: 'Entrar com e-mail e senha', access: 'public',
    body: signinBody, response: signinReply, rateLimit: 'signin',
  }),
  signout: defineRoute({
    method: 'POST', path: '/signout', tag: 'auth', summary: 'Encerrar a sessão', access: 'authenticated',
    response: messageResponse, allowDuringPasswordChange: true,
  }),
  me: defineRoute({
    method: 'GET', path: '/me', tag: 'auth', summary: 'Usuário da sessão', access: 'authenticated',
    response: sessionUser, allowDuringPasswordChange: true,
  }),
  updatePassword: defineRoute({
    method: 'POST', path: '/update-password', tag: 'auth', summary: 'Alterar a própria senha', access: 'authenticated',
    body: updatePasswordBody, response: messageResponse, allowDuringPasswordChange: true, rateLimit: 'signin',
  }),
  forgotPassword: defineRoute({
    method: 'POST', path: '/forgot-password', tag: 'auth', summary: 'Enviar link de redefinição de senha', access: 'public',
    body: forgotPasswordBody, response: messageResponse, rateLimit: 'forgot',
  }),
  resetPassword: defineRoute({
    method: 'POST', path: '/reset-password', tag: 'auth', summary: 'Redefinir a senha com o código do e-mail', access: 'public',
    body: resetPasswordBody, response: messageResponse, rateLimit: 'forgot',
  }),
  confirmEmail: defineRoute({
    method: 'POST', path: '/confirm-email', tag: 'auth', summary: 'Confirmar o e-mail da instituição', access: 'public',
    body: confirmEmailBody, response: messageResponse, rateLimit: 'forgot',
  }),
  confirmed: defineRoute({
    method: 'GET', path: '/confirmed', tag: 'auth', summary: 'Consultar se um link de confirmação já foi usado', access: 'public',
    query: confirmEmailBody, response: z.object({ confirmed: z.boolean() }), rateLimit: 'forgot',
  }),
  signupPlans: defineRoute({
    method: 'GET', path: '/plans/signup', tag: 'auth', summary: 'Planos oferecidos no cadastro de instituição', access: 'public',
    response: z.array(signupPlan),
  }),
  providerSignup: defineRoute({
    method: 'POST', path: '/providers/signup', tag: 'auth', summary: 'Cadastro de fornecedor', access: 'public',
    body: providerSignupBody, response: providerSignupReply, rateLimit: 'signup',
  }),
  institutionSignup: defineRoute({
    method: 'POST', path: '/signup', tag: 'auth', summary: 'Cadastro de instituição', access: 'public',
    body: institutionSignupBody, response: institutionSignupReply, rateLimit: 'signup',
  }),
  signupLogo: defineRoute({
    method: 'POST', path: '/signup/logo/:id', tag: 'auth', summary: 'Logo da instituição recém-cadastrada (campo images, cabeçalho x-upload-token)',
    access: 'public', params: z.strictObject({ id: textIdSchema() }), multipart: true,
    response: z.object({ logoUrl: z.string() }), rateLimit: 'upload',
  }),
} as const;
