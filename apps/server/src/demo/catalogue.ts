/**
 * The demo catalogue: more published units of the demo provider, in two knowledge areas (one with more
 * than 4, so 'Mostrar mais' shows), with levels and a tag to filter on, and students' votes on the first published
 * unit, so the demo institution's catalogue (it rents the demo provider) can be browsed, filtered and rated.
 * Published the way demo units are (a closed approved review each). Idempotent: a demo database without them gets them at its next
 * start.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db';
import { itemContents, itemContentTags, items, knowledgeAreas, providers, reviews, sellers, tags, unitVotes, users } from '../db/schema';
import { refreshCatalogueFacts } from '../modules/store/index';
import { DEMO_SELLER_CNPJ, demoEmail } from './accounts';
import { approvedReview, DEMO_PUBLISHED_UNIT_TITLE } from './units';

interface DemoUnit {
  title: string;
  area: string;
  levels: string[];
  intro: string;
  topic: [string, string];
  tag?: string;
}

export const DEMO_CATALOGUE_UNITS: DemoUnit[] = [
  {
    title: 'Limites e continuidade',
    area: 'Ciências Exatas e da Terra',
    levels: ['Graduação'],
    intro: 'O limite descreve o comportamento de uma função perto de um ponto, mesmo onde ela não está definida.',
    topic: ['Noção intuitiva de limite', 'Quando x se aproxima de a, f(x) se aproxima de L: escrevemos lim f(x) = L.'],
    tag: 'Cálculo',
  },
  {
    title: 'Derivadas: taxa de variação instantânea',
    area: 'Ciências Exatas e da Terra',
    levels: ['Graduação'],
    intro: 'A derivada mede quão depressa uma grandeza muda: a velocidade é a derivada da posição.',
    topic: ['Reta tangente', 'A derivada em um ponto é a inclinação da reta tangente ao gráfico nesse ponto.'],
    tag: 'Cálculo',
  },
  {
    title: 'Matrizes e determinantes',
    area: 'Ciências Exatas e da Terra',
    levels: ['Graduação', 'Licenciatura'],
    intro: 'Matrizes organizam dados em linhas e colunas e resolvem sistemas lineares.',
    topic: ['Operações com matrizes', 'Somamos matrizes termo a termo; o produto combina linhas com colunas.'],
  },
  {
    title: 'Probabilidade: eventos e espaço amostral',
    area: 'Ciências Exatas e da Terra',
    levels: ['Licenciatura'],
    intro: 'A probabilidade quantifica a incerteza: de 0 (impossível) a 1 (certo).',
    topic: ['Espaço amostral', 'O conjunto de todos os resultados possíveis de um experimento aleatório.'],
  },
  {
    title: 'Introdução à Sociologia',
    area: 'Ciências Humanas',
    levels: ['Graduação'],
    intro: 'A Sociologia estuda as relações sociais, as instituições e as transformações da sociedade.',
    topic: ['Os clássicos', 'Durkheim, Weber e Marx propuseram formas diferentes de explicar a vida social.'],
  },
  {
    title: 'História do Brasil República',
    area: 'Ciências Humanas',
    levels: ['Graduação', 'Licenciatura'],
    intro: 'Da Proclamação de 1889 à Constituição de 1988: os períodos da República brasileira.',
    topic: ['República Velha', 'A política do café com leite alternou São Paulo e Minas Gerais na presidência.'],
  },
];

/** Students' votes on the first published demo unit: 5 votes, average 4,2. */
const DEMO_VOTES = [5, 4, 4, 5, 3];

export async function seedDemoCatalogue(db: Db | Tx): Promise<void> {
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.email, demoEmail('provider')));
  const [seller] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.cnpj, DEMO_SELLER_CNPJ));
  const staff = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['editor', 'curator', 'review', 'manager'].map(demoEmail)));
  const id = (local: string) => staff.find((u) => u.email === demoEmail(local))?.id;
  const [editorId, curatorId, reviewerId, managerId] = [id('editor'), id('curator'), id('review'), id('manager')];
  if (!provider || !seller || !editorId || !curatorId || !reviewerId || !managerId) return;
  const [already] = await db
    .select({ id: itemContents.id })
    .from(itemContents)
    .innerJoin(items, eq(items.id, itemContents.itemId))
    .where(and(eq(items.providerId, provider.id), eq(itemContents.title, DEMO_CATALOGUE_UNITS[0]!.title)))
    .limit(1);
  if (already) return;
  const areas = await db.select({ id: knowledgeAreas.id, title: knowledgeAreas.title }).from(knowledgeAreas).where(eq(knowledgeAreas.type, 'university'));
  const tagIds = new Map<string, number>();
  for (const unit of DEMO_CATALOGUE_UNITS) {
    const area = areas.find((a) => a.title === unit.area);
    const [item] = await db.insert(items).values({ providerId: provider.id }).returning({ id: items.id });
    const [content] = await db
      .insert(itemContents)
      .values({
        itemId: item!.id,
        version: 1,
        status: 'publish',
        title: unit.title,
        authors: ['Marina Albuquerque'],
        introduction: `<p>${unit.intro}</p>`,
        learningObjectives: [`Compreender ${unit.title.toLowerCase()}`],
        synthesis: `<p>${unit.intro}</p>`,
        bibliographicReference: ['BRASIL. Base Nacional Comum Curricular. Brasília: MEC, 2018.'],
        topics: [{ title: unit.topic[0], content: `<h1>${unit.topic[0]}</h1><p>${unit.topic[1]}</p>` }],
        levelOfLearning: unit.levels,
        learningType: 'university',
        knowledgeIds: area ? [area.id] : [],
        createdBy: editorId,
        updatedBy: editorId,
      })
      .returning({ id: itemContents.id });
    await db.update(items).set({ publishedContentId: content!.id }).where(eq(items.id, item!.id));
    await db.insert(reviews).values(approvedReview(content!.id, { curatorId, reviewerId, managerId }));
    if (unit.tag) {
      let tagId = tagIds.get(unit.tag);
      if (!tagId) {
        const [existing] = await db.select({ id: tags.id }).from(tags).where(eq(tags.name, unit.tag));
        tagId = existing?.id ?? (await db.insert(tags).values({ name: unit.tag }).returning({ id: tags.id }))[0]!.id;
        tagIds.set(unit.tag, tagId);
      }
      await db.insert(itemContentTags).values({ itemContentId: content!.id, tagId });
    }
  }
  const [rated] = await db
    .select({ itemId: items.id })
    .from(items)
    .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
    .where(and(eq(items.providerId, provider.id), eq(itemContents.title, DEMO_PUBLISHED_UNIT_TITLE)));
  if (rated) {
    await db
      .insert(unitVotes)
      .values(DEMO_VOTES.map((stars, i) => ({ itemId: rated.itemId, sellerId: seller.id, studentId: `demo-aluno-${i + 1}`, stars })))
      .onConflictDoNothing();
  }
  await refreshCatalogueFacts(db, [provider.id]);
}
