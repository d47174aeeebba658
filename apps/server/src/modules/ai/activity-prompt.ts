/** The prompt of the AI activity generator (spec 1 §7 "AI generation"): topic, model, duration and a fixed structure. */
import type { AiActivityModel } from '@edu/shared/ai';

export const ACTIVITY_SECTIONS = [
  'Título da atividade',
  'Duração',
  'Objetivos de aprendizagem',
  'Competências desenvolvidas',
  'Preparação (antes da aula)',
  'Desenvolvimento (etapas com o tempo de cada uma)',
  'Perguntas norteadoras',
  'Avaliação',
  'Atividades de extensão',
  'Sugestão de variação',
  'Encerramento',
] as const;

export const SYSTEM_PROMPT =
  'Você é um especialista em metodologias ativas e design instrucional para o ensino superior e a educação básica no Brasil. ' +
  'Escreva sempre em português do Brasil, em texto simples (sem Markdown, sem tabelas), pronto para o professor copiar e usar.';

export function buildActivityPrompt(input: { topic: string; model: AiActivityModel; duration: number }): string {
  const sections = ACTIVITY_SECTIONS.map((title, i) => `${i + 1}. ${title}`).join('\n');
  return [
    `Crie uma atividade no modelo "${input.model}" para uma aula sobre o tema "${input.topic}", com duração estimada de ${input.duration} minutos.`,
    'A atividade deve ser colaborativa, aplicável em sala de aula ou em ambiente virtual, e o tempo das etapas do desenvolvimento deve somar a duração informada.',
    'Organize a resposta exatamente nestas seções, nesta ordem, cada uma com o seu título numerado:',
    sections,
    'Nos objetivos de aprendizagem, use verbos observáveis. Nas perguntas norteadoras, proponha de 3 a 5 perguntas. Na avaliação, indique critérios claros. No encerramento, proponha uma síntese com a turma.',
  ].join('\n\n');
}
