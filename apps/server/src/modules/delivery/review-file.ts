/**
 * The AI review file of a unit version (spec 3 §7 `POST items/item/content/{id}/auto-review
 * ?returnFile=true` → review_{id}.txt): the version's text (THE reading `textOf`, as the AI and exports read units)
 * sent to the configured OpenAI-compatible API (`chatComplete`) with a reviewer's instructions — clarity, errors,
 * fit for the unit's learning levels. Staff, and institutions granted `reviewFiles` for a version they may read
 * (`requireDelivery`). Nothing is stored.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { textOf } from '@edu/shared/content/unit-content';
import { MSG } from '@edu/shared/messages';
import { PACKAGE_MSG } from '@edu/shared/packages';
import type { Deps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { itemContents } from '../../db/schema';
import { requireDelivery } from './packages.service';
import { aiConfigured, chatComplete } from '../ai/index';

/** The unit text sent is cut here (a model's context is finite; the review says so when it was cut). */
export const REVIEW_TEXT_MAX = 60_000;

export const REVIEW_SYSTEM_PROMPT = [
  'Você é um revisor pedagógico de materiais didáticos em português do Brasil.',
  'Revise a unidade recebida e responda em texto simples (sem Markdown), em português do Brasil, com as seções:',
  '1. Clareza (trechos confusos e como reescrevê-los)',
  '2. Erros (ortografia, gramática, conceitos ou dados incorretos, citando o trecho)',
  '3. Adequação ao nível (se a linguagem e a profundidade servem aos níveis de aprendizagem informados)',
  '4. Sugestões gerais',
].join('\n');

export function reviewPrompt(v: {
  title: string;
  levelOfLearning: string[];
  learningObjectives: string[];
  introduction: string;
  topics: { title: string; content: string }[];
  synthesis: string;
}): string {
  const parts = [
    `Título: ${v.title}`,
    `Níveis de aprendizagem: ${v.levelOfLearning.join(', ') || 'não informados'}`,
    `Objetivos de aprendizagem:\n${v.learningObjectives.filter((o) => o.trim()).map((o) => `- ${o}`).join('\n') || '- não informados'}`,
    `Introdução:\n${textOf(v.introduction)}`,
    ...v.topics.map((t, i) => `Tópico ${i + 1}: ${t.title}\n${textOf(t.content)}`),
    `Síntese:\n${textOf(v.synthesis)}`,
  ];
  const text = parts.join('\n\n');
  return text.length > REVIEW_TEXT_MAX ? `${text.slice(0, REVIEW_TEXT_MAX)}\n\n[Texto cortado: a unidade é maior que o limite da revisão.]` : text;
}

export function reviewFileService(deps: Deps) {
  const { db, config } = deps;
  return {
    async review(auth: AuthContext, contentId: number, log: FastifyBaseLogger): Promise<{ text: string }> {
      await requireDelivery(db, auth, contentId, 'reviewFiles', PACKAGE_MSG.reviewNoGrant);
      if (!aiConfigured(config)) throw new AppError(503, 'AI_NOT_CONFIGURED', MSG.aiNotConfigured);
      const [c] = await db.select().from(itemContents).where(eq(itemContents.id, contentId));
      if (!c) throw notFound();
      const body = await chatComplete(config, { system: REVIEW_SYSTEM_PROMPT, prompt: reviewPrompt(c), temperature: 0.2 }, log, {
        fail: PACKAGE_MSG.reviewFail,
        timeout: PACKAGE_MSG.reviewFail,
      });
      const header = `Revisão da unidade "${c.title}" (versão ${c.version}, id ${c.id})\nGerada em ${new Date().toISOString()}\n\n`;
      return { text: header + body + '\n' };
    },
  };
}
