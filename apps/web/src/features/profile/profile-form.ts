/** The Meu Perfil form: values, validation (spec 1 §5 "Profile") and the payloads sent to the server. */
import { z } from 'zod';
import type { SessionUser } from '@edu/shared/auth';
import { MSG } from '@edu/shared/messages';
import { providerProfileSchema, type ProviderProfile, type ProviderUpdateBody } from '@edu/shared/providers';
import { email, password, requiredText } from '@edu/shared/validation';

export type ProfileValues = {
  name: string;
  email: string;
  currentPassword: string;
  password: string;
  password_confirmation: string;
  companyName: string;
  description: string;
  linkedin: string;
  lattes: string;
  /** Knowledge levels as strings for the MultiSelect. */
  knowledgeLevel: string[];
  professional_experience: string;
};

export function initialProfileValues(user: SessionUser, provider: ProviderProfile | null): ProfileValues {
  return {
    name: user.name,
    email: user.email,
    currentPassword: '',
    password: '',
    password_confirmation: '',
    companyName: provider?.companyName ?? '',
    description: provider?.description ?? '',
    linkedin: provider?.linkedin ?? '',
    lattes: provider?.lattes ?? '',
    knowledgeLevel: (provider?.knowledgeLevel ?? []).map(String),
    professional_experience: provider?.professional_experience ?? '',
  };
}

/**
 * Name and e-mail always; the password fields only when a new password is typed (then the current
 * one is required too); the provider's fields for provider users, the independent professional's
 * fields for a 'Profissional Liberal'.
 */
export function profileSchema(provider: ProviderProfile | null, liberal: boolean) {
  const userShape = {
    name: requiredText(),
    email: email(),
    currentPassword: z.string(),
    password: z.string(),
    password_confirmation: z.string(),
  };
  const shape = provider ? { ...userShape, ...providerProfileSchema(liberal).shape } : userShape;
  return z.preprocess(
    (v) => {
      const values = v as ProfileValues;
      return { ...values, knowledgeLevel: values.knowledgeLevel.map(Number) };
    },
    z.object(shape).superRefine((v, ctx) => {
      if (!v.password && !v.password_confirmation) return;
      const checked = password().safeParse(v.password);
      if (!checked.success) ctx.addIssue({ code: 'custom', path: ['password'], message: checked.error.issues[0]!.message });
      if (v.password !== v.password_confirmation) {
        ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MSG.profilePasswordsDontMatch });
      }
      if (!v.currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: MSG.required });
    }),
  );
}

export function providerPayload(values: ProfileValues, liberal: boolean): ProviderUpdateBody {
  const body: ProviderUpdateBody = { companyName: values.companyName.trim(), description: values.description.trim() };
  if (liberal) {
    body.linkedin = values.linkedin.trim();
    body.lattes = values.lattes.trim();
    body.knowledgeLevel = values.knowledgeLevel.map(Number).sort((a, b) => a - b);
    body.professional_experience = values.professional_experience.trim();
  }
  return body;
}
