import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  confirmEmailBody,
  forgotPasswordBody,
  institutionSignupBody,
  passwordPair,
  providerSignupBody,
  resetPasswordBody,
  signinBody,
  updatePasswordBody,
} from './auth';
import { userCreateBody, userStatusBody, usersFilterQuery } from './users';
import { MSG } from './messages';

/** The first message per field path ('' for the object itself), as a form shows them. */
function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

function unknownKeys(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : []));
}

describe('general messages', () => {
  it('a missing or empty field is "Campo Obrigatório"', () => {
    expect(errors(signinBody, {})).toEqual({ email: MSG.required, password: MSG.required });
    expect(errors(signinBody, { email: '', password: '' })).toEqual({ email: 'Campo Obrigatório', password: 'Campo Obrigatório' });
    expect(errors(forgotPasswordBody, { email: '   ' })).toEqual({ email: 'Campo Obrigatório' });
  });

  it('a malformed e-mail is "Email inválido"', () => {
    for (const email of ['ana', 'ana@', 'ana@escola', '@escola.com.br', 'ana escola@x.com']) {
      expect(errors(signinBody, { email, password: 'x' }), email).toEqual({ email: 'Email inválido' });
    }
  });

  it('e-mails are trimmed and lower-cased', () => {
    expect(signinBody.parse({ email: '  Ana@Escola.COM.br ', password: 'x' }).email).toBe('ana@escola.com.br');
  });

  it('unknown fields are rejected by the strict schemas', () => {
    expect(unknownKeys(signinBody, { email: 'a@b.com', password: 'x', isAdmin: true })).toEqual(['isAdmin']);
    expect(unknownKeys(forgotPasswordBody, { email: 'a@b.com', token: 'x' })).toEqual(['token']);
    expect(unknownKeys(institutionSignupBody, { ...validInstitution(), type: 'admin' })).toEqual(['type']);
    expect(unknownKeys(providerSignupBody, { ...validLiberal(), status: 'active' })).toEqual(['status']);
    expect(unknownKeys(userCreateBody, { name: 'A', email: 'a@b.com', type: 'curator', providerId: 1 })).toEqual(['providerId']);
  });
});

const validLiberal = () => ({
  nameUser: 'Juliana Prado',
  email: 'juliana@exemplo.com.br',
  typePerson: 'Profissional Liberal',
  cpf: '529.982.247-25',
  knowledgeLevel: [2, 4],
  professionalExperience: 'Professora de Biologia há 12 anos.',
});
const validSupplier = () => ({
  nameUser: 'Marina Albuquerque',
  email: 'marina@editora.com.br',
  typePerson: 'Fornecedor',
  cnpj: '11.222.333/0001-81',
  companyName: 'Editora Horizonte',
});
const validInstitution = () => ({
  nameUser: 'Sílvia Coordenadora',
  email: 'silvia@faculdade.edu.br',
  sellerName: 'Faculdade Vale do Saber',
  cnpj: '04.252.011/0001-10',
  planId: 1,
});

describe('provider sign-up (spec 1 §5)', () => {
  it('accepts a complete independent professional (CPF typed with the mask)', () => {
    const parsed = providerSignupBody.parse(validLiberal());
    expect(parsed.type).toBe('provider');
    expect(parsed.cpf).toBe('529.982.247-25');
    expect(parsed.email).toBe('juliana@exemplo.com.br');
  });

  it('independent professional: cpf, knowledge level and experience are required; CNPJ and company name are not', () => {
    expect(errors(providerSignupBody, { nameUser: 'J', email: 'j@x.com', typePerson: 'Profissional Liberal' })).toEqual({
      cpf: 'Campo Obrigatório',
      knowledgeLevel: 'Campo obrigatório',
      professionalExperience: 'Campo Obrigatório',
    });
    expect(errors(providerSignupBody, { ...validLiberal(), knowledgeLevel: [] })).toEqual({ knowledgeLevel: 'Campo obrigatório' });
  });

  it('independent professional: a CPF with wrong check digits is "CPF inválido", an optional bad CNPJ "CNPJ inválido"', () => {
    expect(errors(providerSignupBody, { ...validLiberal(), cpf: '529.982.247-24' })).toEqual({ cpf: 'CPF inválido' });
    expect(errors(providerSignupBody, { ...validLiberal(), cnpj: '11.222.333/0001-80' })).toEqual({ cnpj: 'CNPJ inválido' });
    expect(providerSignupBody.safeParse({ ...validLiberal(), cnpj: '11.222.333/0001-81' }).success).toBe(true);
  });

  it('independent professional: Lattes and LinkedIn, when present, must be links', () => {
    expect(errors(providerSignupBody, { ...validLiberal(), lattes: 'meu lattes', linkdin: 'linkedin' })).toEqual({
      lattes: 'O campo deve ser preenchido com um link',
      linkdin: 'O campo deve ser preenchido com um link',
    });
    expect(providerSignupBody.safeParse({ ...validLiberal(), lattes: 'http://lattes.cnpq.br/123', linkdin: '' }).success).toBe(true);
  });

  it('other profile types: CNPJ and company name are required, CPF is not', () => {
    for (const typePerson of ['Instituição de Ensino', 'Fornecedor', 'Fornecedor de Servico']) {
      expect(errors(providerSignupBody, { nameUser: 'M', email: 'm@x.com', typePerson }), typePerson).toEqual({
        cnpj: 'Campo Obrigatório',
        companyName: 'Campo Obrigatório',
      });
    }
    expect(providerSignupBody.safeParse(validSupplier()).success).toBe(true);
    expect(errors(providerSignupBody, { ...validSupplier(), cnpj: '11.222.333/0001-80' })).toEqual({ cnpj: 'CNPJ inválido' });
  });

  it('name, e-mail and profile type are required for every type', () => {
    expect(errors(providerSignupBody, { ...validSupplier(), nameUser: ' ', email: 'marina' })).toMatchObject({
      nameUser: 'Campo Obrigatório',
      email: 'Email inválido',
    });
    const { typePerson: _, ...withoutType } = validSupplier();
    expect(errors(providerSignupBody, withoutType)).toMatchObject({ typePerson: 'Campo Obrigatório' });
    expect(errors(providerSignupBody, { ...validSupplier(), typePerson: 'Outro' })).toMatchObject({ typePerson: 'Campo Obrigatório' });
  });
});

describe('institution sign-up', () => {
  it('requires name, e-mail, institution name, a valid CNPJ and a plan', () => {
    expect(institutionSignupBody.parse(validInstitution()).cnpj).toBe('04252011000110');
    expect(errors(institutionSignupBody, {})).toEqual({
      nameUser: 'Campo Obrigatório',
      email: 'Campo Obrigatório',
      sellerName: 'Campo Obrigatório',
      cnpj: 'Campo Obrigatório',
      planId: 'Campo Obrigatório',
    });
    expect(errors(institutionSignupBody, { ...validInstitution(), cnpj: '04.252.011/0001-11' })).toEqual({ cnpj: 'CNPJ inválido' });
  });
});

describe('passwords (spec 1 §5 reset)', () => {
  it('passwordPair: at least 6 characters and both equal', () => {
    expect(passwordPair.safeParse({ password: 'segredo1', password_confirmation: 'segredo1' }).success).toBe(true);
    expect(errors(passwordPair, { password: 'abc', password_confirmation: 'abc' })).toEqual({
      password: 'A senha deve ter no mínimo 6 caracteres',
      password_confirmation: 'A senha deve ter no mínimo 6 caracteres',
    });
    expect(errors(passwordPair, { password: 'segredo1', password_confirmation: 'segredo2' })).toEqual({
      password_confirmation: 'As senha não correspondem',
    });
    expect(errors(passwordPair, {})).toEqual({ password: 'Campo Obrigatório', password_confirmation: 'Campo Obrigatório' });
  });

  it('reset needs the token from the link', () => {
    expect(errors(resetPasswordBody, { password: 'segredo1', password_confirmation: 'segredo1' })).toEqual({ token: MSG.tokenMissing });
    expect(errors(resetPasswordBody, { token: 'abc', password: 'segredo1', password_confirmation: 'outra123' })).toEqual({
      password_confirmation: 'As senha não correspondem',
    });
  });

  it('the profile password change uses "As senhas não são iguais"', () => {
    expect(errors(updatePasswordBody, { password: 'segredo1', password_confirmation: 'segredo2' })).toEqual({
      password_confirmation: 'As senhas não são iguais',
    });
  });

  it('confirm-email needs the e-mail and the token', () => {
    expect(errors(confirmEmailBody, { email: 'a@b.com' })).toEqual({ token: MSG.tokenMissing });
    expect(errors(confirmEmailBody, { email: 'x', token: 't' })).toEqual({ email: 'Email inválido' });
  });
});

describe('users', () => {
  it('create: name, valid e-mail and type are required; status defaults to active', () => {
    expect(errors(userCreateBody, {})).toEqual({ name: 'Campo Obrigatório', email: 'Campo Obrigatório', type: 'Campo Obrigatório' });
    expect(userCreateBody.parse({ name: 'Carla', email: 'carla@x.com', type: 'curator' }).status).toBe('active');
  });

  it('status: ids are required, the status must be one of the three', () => {
    expect(errors(userStatusBody, { ids: [], status: 'active' })).toEqual({ ids: 'Campo Obrigatório' });
    expect(errors(userStatusBody, { ids: [1], status: 'deleted' })).toEqual({ status: MSG.invalidValue });
  });

  it('filter: one type or a list; order by date by default; page size capped', () => {
    expect(usersFilterQuery.parse({ type: 'admin' }).type).toEqual(['admin']);
    expect(usersFilterQuery.parse({}).order).toBe('date');
    expect(usersFilterQuery.parse({ page: '2', limit: '5' })).toMatchObject({ page: 2, limit: 5 });
    expect(errors(usersFilterQuery, { limit: '1000' })).toEqual({ limit: MSG.invalidValue });
    expect(errors(usersFilterQuery, { orderBy: 'password_hash' })).toEqual({ '': expect.any(String) });
  });
});
