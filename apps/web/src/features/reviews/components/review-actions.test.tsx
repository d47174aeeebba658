import { describe, expect, it } from 'vitest';
import { reviewButtons } from './review-actions';

const stage = (st: 'curation' | 'revision') => [
  { stage: st, status: 'approved' as const, needsComment: false },
  { stage: st, status: 'correction' as const, needsComment: true },
  { stage: st, status: 'reproved' as const, needsComment: true },
];

describe('reviewButtons', () => {
  it('offers Aprovar, Enviar para Correção and Reprovar to the assigned curator', () => {
    expect(reviewButtons(stage('curation')).map((b) => b.label)).toEqual(['Aprovar', 'Enviar para Correção', 'Reprovar']);
  });

  it('labels the decision approve Publicar', () => {
    const buttons = reviewButtons([
      { stage: 'decision', status: 'approved', needsComment: false },
      { stage: 'decision', status: 'reproved', needsComment: true },
    ]);
    expect(buttons.map((b) => b.label)).toEqual(['Publicar', 'Reprovar']);
  });

  it('shows one button per status, the earliest stage winning as on the server', () => {
    const buttons = reviewButtons([{ stage: 'decision', status: 'reproved', needsComment: true }, ...stage('revision')]);
    expect(buttons.map((b) => [b.label, b.stage])).toEqual([
      ['Aprovar', 'revision'],
      ['Enviar para Correção', 'revision'],
      ['Reprovar', 'revision'],
    ]);
  });

  it('offers nothing without moves', () => {
    expect(reviewButtons([])).toEqual([]);
  });
});
