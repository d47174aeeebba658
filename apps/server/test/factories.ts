/**
 * Test data builders. `buildUnitPayload`: the body of a complete unit (every field the studio requires filled), as
 * `POST /api/items/item/content/create` takes it; pass what a test cares about in `overrides`.
 */
export function buildUnitPayload(areaId: number, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Química orgânica',
    authors: ['Ana Souza'],
    introduction: '<p>Introdução</p>',
    learningObjectives: ['Reconhecer cadeias carbônicas'],
    synthesis: '<p>Síntese</p>',
    bibliographicReference: ['SOLOMONS, T. Química Orgânica. LTC, 2012.'],
    knowledges: [areaId],
    levelOfLearning: ['Graduação'],
    topics: [{ title: 'Cadeias', content: '<p>Texto</p>' }],
    ...overrides,
  };
}
