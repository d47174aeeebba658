/** What every units service shares: the messages, the listed columns, the knowledge check, the author's provider. */
import { LEVELS_OF_LEARNING, type KnowledgeArea, type KnowledgeType } from '@edu/shared/knowledge';
import { LIFECYCLE_MSG } from '@edu/shared/unit-lifecycle';
import type { unitCreateBody } from '@edu/shared/units';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/sessions';
import { badRequest, forbidden } from '../../platform/errors';
import { itemContents } from './units.tables';

export const UNITS_MSG = {
  stale: 'Esta unidade foi alterada em outra aba ou por outra pessoa. Recarregue a página para continuar a partir da versão mais recente.',
  updatePending: 'Esta unidade já tem uma atualização em andamento.',
  badKnowledge: 'Área de conhecimento inválida para o tipo de ensino escolhido.',
  badLevel: 'Nível de aprendizagem inválido para o tipo de ensino escolhido.',
  badMove: LIFECYCLE_MSG.badMove,
  underReview: 'Esta versão está em avaliação: ela é publicada pela decisão da avaliação.',
  noProvider: 'Seu usuário não está vinculado a um fornecedor.',
  unknownTag: 'Tag não encontrada.',
} as const;

/** The columns of a unit version every unit list shows (never the content itself): staff lists and Minhas Unidades. */
export const LISTED_CONTENT = {
  id: itemContents.id,
  itemId: itemContents.itemId,
  title: itemContents.title,
  status: itemContents.status,
  version: itemContents.version,
  knowledgeIds: itemContents.knowledgeIds,
  levelOfLearning: itemContents.levelOfLearning,
  createdAt: itemContents.createdAt,
  updatedAt: itemContents.updatedAt,
};

export type UnitFields = z.output<typeof unitCreateBody>;

export const iso = (d: Date) => d.toISOString();

/**
 * THE check of a unit's knowledge areas and learning levels against its learning type (the studio's save
 * and the review's 'Editar Detalhes'): deduplicated, or 400 with the field's pt-BR message.
 */
export function checkKnowledge(areas: Map<number, KnowledgeArea>, learningType: KnowledgeType, knowledges: number[], levelOfLearning: string[]) {
  const knowledgeIds = [...new Set(knowledges)];
  if (knowledgeIds.some((k) => areas.get(k)?.type !== learningType)) throw badRequest(UNITS_MSG.badKnowledge, { knowledges: UNITS_MSG.badKnowledge });
  const levels = [...new Set(levelOfLearning)];
  if (levels.some((l) => !LEVELS_OF_LEARNING[learningType].includes(l))) throw badRequest(UNITS_MSG.badLevel, { levelOfLearning: UNITS_MSG.badLevel });
  return { knowledgeIds, levels };
}

/** The provider a unit author writes for; 403 for a user without one. */
export function authorProvider(auth: AuthContext): number {
  if (auth.user.providerId === null) throw forbidden(UNITS_MSG.noProvider);
  return auth.user.providerId;
}
