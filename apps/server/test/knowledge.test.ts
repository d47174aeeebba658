import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEVELS_OF_LEARNING } from '@edu/shared/knowledge';

/** Reference data from migration 0004 (present on every database, demo or not). */
const UNIVERSITY_AREAS = [
  'Ciências Exatas e da Terra', 'Ciências Biológicas', 'Engenharias', 'Ciências da Saúde', 'Ciências Agrárias',
  'Ciências Sociais Aplicadas', 'Ciências Humanas', 'Linguística, Letras e Artes',
];
const BASIC_AREAS = ['Linguagens', 'Matemática', 'Ciências da Natureza', 'Ciências Humanas', 'Ensino Religioso'];
import { authHeader, createTestApp, signIn, type TestApp } from './harness';

describe('knowledge areas and learning levels', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t.app, 'provider');
  });
  afterAll(async () => t?.close());

  it('lists the university and basic knowledge areas with ids', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items/knowledge/find', headers: authHeader(token) });
    expect(res.statusCode).toBe(200);
    const areas = res.json() as { id: number; title: string; type: string }[];
    expect(areas.filter((a) => a.type === 'university').map((a) => a.title).sort()).toEqual([...UNIVERSITY_AREAS].sort());
    expect(areas.filter((a) => a.type === 'basic').map((a) => a.title).sort()).toEqual([...BASIC_AREAS].sort());
    expect(new Set(areas.map((a) => a.id)).size).toBe(areas.length);
  });

  it('answers the two groups of learning levels', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items/constants/levelOfLearning', headers: authHeader(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ basic: [...LEVELS_OF_LEARNING.basic], university: [...LEVELS_OF_LEARNING.university] });
  });

  it('needs a session', async () => {
    for (const url of ['/api/items/knowledge/find', '/api/items/constants/levelOfLearning']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
