import { describe, expect, it } from 'vitest';
import { fileNameOf } from './api';

describe('fileNameOf (Content-Disposition of downloads)', () => {
  it('prefers the exact UTF-8 name over the ASCII fallback', () => {
    expect(fileNameOf(`attachment; filename="Relatorio-de-postagem.csv"; filename*=UTF-8''Relat%C3%B3rio-de-postagem.csv`)).toBe('Relatório-de-postagem.csv');
  });

  it('falls back to the ASCII name, and to nothing', () => {
    expect(fileNameOf('attachment; filename="unidade_1.zip"')).toBe('unidade_1.zip');
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('a.csv');
    expect(fileNameOf('')).toBeUndefined();
  });
});
