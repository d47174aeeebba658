/**
 * Demo units of the demo provider (Editora Horizonte Educacional): one published unit with every kind of
 * resource a reader meets, a draft ready to send, an incomplete draft, one in correction and one reproved.
 * The published unit got there the way any unit does: with a closed review (curation and revision
 * approved, the manager's decision 'approved'), so it is listed in the staff's 'Publicadas' tab too.
 */
import { and, eq, notExists } from 'drizzle-orm';
import { blockHtml } from '@edu/shared/content/unit-content';
import type { Executor, Tx } from '../platform/db';
import { itemContents, items, knowledgeAreas, providers, reviews } from '../db/schema';
import { demoEmail } from './accounts';

export const DEMO_PUBLISHED_UNIT_TITLE = 'Funções do 1º grau: conceitos e aplicações';

const question = blockHtml('question', '', {
  title: 'Verifique seu aprendizado',
  content: '<p>Qual é o coeficiente angular da função f(x) = 3x + 2?</p>',
  options: [
    { id: 'a1', title: '2', description: 'Não: 2 é o coeficiente linear, o valor de f(0).' },
    { id: 'a2', title: '3', description: 'Correto! O coeficiente angular multiplica x e indica a inclinação da reta.' },
    { id: 'a3', title: '5', description: 'Não: 5 é a soma dos coeficientes, que não tem significado especial aqui.' },
  ],
  right: 'a2',
});

const demoTopics = [
  {
    title: 'O que é uma função afim',
    content:
      '<h1>O que é uma função afim</h1><p>Uma <strong>função afim</strong> (ou função do 1º grau) é toda função da forma f(x) = ax + b, com a ≠ 0.</p>' +
      '<pre class="latex">f(x) = ax + b</pre>' +
      blockHtml('warning', '', { title: 'Saiba Mais', content: '<p>O gráfico de toda função afim é uma reta.</p>' }) +
      '<h2>Coeficientes</h2><p>O número <em>a</em> é o coeficiente angular; <em>b</em> é o coeficiente linear.</p>' +
      question,
  },
  {
    title: 'Aplicações no cotidiano',
    content:
      '<h1>Aplicações no cotidiano</h1><p>Tarifas de táxi, planos de telefonia e conversões de temperatura são modeladas por funções afins.</p>' +
      blockHtml('list', '', {
        items: [
          { title: 'Táxi', description: 'Bandeirada fixa (b) mais um valor por quilômetro (a).' },
          { title: 'Temperatura', description: 'F = 1,8C + 32 converte graus Celsius em Fahrenheit.' },
        ],
      }) +
      blockHtml('warning', 'danger', { content: '<p>Não confunda função afim com função linear: na linear, b = 0.</p>' }) +
      blockHtml('quote', '', { content: '<p>A matemática é a linguagem com que Deus escreveu o universo.</p>', label: 'Galileu Galilei' }),
  },
];

const base = {
  authors: ['Marina Albuquerque', 'Paulo Resende'],
  introduction: '<p>Nesta unidade você vai reconhecer funções do 1º grau, interpretar seus coeficientes e aplicá-las a situações do dia a dia.</p>',
  learningObjectives: ['Reconhecer a lei de formação de uma função afim', 'Interpretar os coeficientes angular e linear', 'Resolver problemas do cotidiano com funções afins'],
  synthesis: '<p>A função afim f(x) = ax + b descreve grandezas que variam a uma taxa constante; seu gráfico é uma reta.</p>',
  bibliographicReference: ['IEZZI, G. Fundamentos de Matemática Elementar. Vol. 1. São Paulo: Atual, 2013.', 'BRASIL. Base Nacional Comum Curricular. Brasília: MEC, 2018.'],
  learningType: 'university',
  levelOfLearning: ['Graduação', 'Licenciatura'],
};

export interface DemoStaff {
  curatorId: number;
  reviewerId: number;
  managerId: number;
}

export async function seedDemoUnits(tx: Tx, providerId: number, editorUserId: number, staff: DemoStaff): Promise<void> {
  const [exatas] = await tx
    .select({ id: knowledgeAreas.id })
    .from(knowledgeAreas)
    .where(and(eq(knowledgeAreas.title, 'Ciências Exatas e da Terra'), eq(knowledgeAreas.type, 'university')));
  const knowledgeIds = exatas ? [exatas.id] : [];
  const units: Array<Partial<typeof itemContents.$inferInsert> & { title: string; status: string }> = [
    { ...base, title: DEMO_PUBLISHED_UNIT_TITLE, status: 'publish', topics: demoTopics, knowledgeIds },
    {
      ...base,
      title: 'Progressões aritméticas',
      status: 'draft',
      introduction: '<p>Sequências em que cada termo é o anterior somado a uma razão constante aparecem em juros simples, calendários e padrões geométricos.</p>',
      learningObjectives: ['Identificar a razão de uma progressão aritmética', 'Calcular o termo geral e a soma dos termos'],
      synthesis: '<p>Numa PA, aₙ = a₁ + (n − 1)r e a soma dos n primeiros termos é (a₁ + aₙ)n/2.</p>',
      topics: [{ title: 'Definição', content: '<p>Uma progressão aritmética soma sempre a mesma razão.</p>' }], knowledgeIds },
    { title: 'Geometria plana: áreas (rascunho)', status: 'draft', authors: ['Marina Albuquerque'], topics: [], knowledgeIds: [] },
    {
      ...base,
      title: 'Estatística descritiva',
      status: 'correction',
      introduction: '<p>Como resumir um conjunto de dados em poucos números? Esta unidade apresenta as medidas de tendência central e de dispersão.</p>',
      learningObjectives: ['Calcular média, moda e mediana', 'Interpretar medidas de dispersão'],
      synthesis: '<p>Média, moda e mediana descrevem o centro dos dados; variância e desvio padrão, sua dispersão.</p>',
      topics: [{ title: 'Média, moda e mediana', content: '<p>Medidas de tendência central resumem um conjunto de dados.</p>' }], knowledgeIds },
    {
      ...base,
      title: 'Trigonometria no triângulo retângulo',
      status: 'reproved',
      introduction: '<p>Seno, cosseno e tangente relacionam os ângulos e os lados de um triângulo retângulo.</p>',
      learningObjectives: ['Definir as razões trigonométricas', 'Resolver problemas de alturas e distâncias'],
      synthesis: '<p>As razões trigonométricas permitem calcular medidas inacessíveis a partir de um ângulo e de um lado conhecidos.</p>',
      topics: [], knowledgeIds },
  ];
  for (const unit of units) {
    const [item] = await tx.insert(items).values({ providerId }).returning({ id: items.id });
    const [content] = await tx
      .insert(itemContents)
      .values({ ...unit, itemId: item!.id, version: 1, createdBy: editorUserId, updatedBy: editorUserId })
      .returning({ id: itemContents.id });
    if (unit.status === 'publish') {
      await tx.update(items).set({ publishedContentId: content!.id }).where(eq(items.id, item!.id));
      await tx.insert(reviews).values(approvedReview(content!.id, staff));
    }
  }
}

/** The closed review that published a unit: curation, revision and the manager's decision approved. */
export function approvedReview(itemContentId: number, staff: DemoStaff): typeof reviews.$inferInsert {
  return {
    itemContentId,
    version: 1,
    curatorId: staff.curatorId,
    reviewerId: staff.reviewerId,
    managerId: staff.managerId,
    curatorStatus: 'approved',
    reviewerStatus: 'approved',
    managerStatus: 'approved',
    active: false,
    curationStartedAt: new Date(),
    revisionStartedAt: new Date(),
  };
}

/** Demo data seeded before the published units had their reviews: add each missing one (idempotent). */
export async function ensurePublishedDemoReview(ex: Executor, staff: DemoStaff): Promise<void> {
  const found = await ex
    .select({ id: itemContents.id })
    .from(itemContents)
    .innerJoin(items, eq(items.publishedContentId, itemContents.id))
    .innerJoin(providers, eq(providers.id, items.providerId))
    .where(
      and(
        eq(itemContents.status, 'publish'),
        eq(providers.email, demoEmail('provider')),
        notExists(ex.select({ id: reviews.id }).from(reviews).where(eq(reviews.itemContentId, itemContents.id))),
      ),
    );
  if (found.length) await ex.insert(reviews).values(found.map((f) => approvedReview(f.id, staff)));
}
