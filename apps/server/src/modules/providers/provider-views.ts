/** A provider as the API shows it: the admin list's row and the Meu Perfil view. */
import type { ProviderProfile, ProviderRow } from '@edu/shared/providers';
import { uploadUrl } from '../../platform/storage';
import { providers } from './providers.tables';

export type ProviderRecord = typeof providers.$inferSelect;

type RowRecord = Pick<ProviderRecord, 'id' | 'companyName' | 'name' | 'email' | 'typePerson' | 'cpf' | 'cnpj' | 'status' | 'isServiceProvider' | 'createdAt'>;

export function toProviderRow(p: RowRecord & { condition: string | null }): ProviderRow {
  return {
    id: p.id,
    companyName: p.companyName,
    name: p.name,
    email: p.email,
    typePerson: p.typePerson,
    cpf: p.cpf,
    cnpj: p.cnpj,
    status: p.status,
    condition: p.condition === 'premium' ? 'premium' : 'basic',
    isServiceProvider: p.isServiceProvider,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The profile view: the row's fields (minus createdAt) plus the editable provider data. */
export function toProviderProfile(p: ProviderRecord): ProviderProfile {
  const { createdAt: _createdAt, ...row } = toProviderRow(p);
  return {
    ...row,
    description: p.description,
    imgLogoUrl: uploadUrl(p.imgLogoKey),
    imgCoverUrl: uploadUrl(p.imgCoverKey),
    linkedin: p.linkedin,
    lattes: p.lattes,
    professional_experience: p.professionalExperience,
    knowledgeLevel: p.knowledgeLevel,
  };
}
