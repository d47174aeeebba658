/**
 * docs/lms.md walks an LMS administrator and the platform team through our screens: every text it quotes from them
 * must be on them (in the web app or the shared messages), so a renamed button fails here before it misleads someone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every .ts/.tsx file under `dir`, concatenated. */
function sources(dir: string): string {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

/** The texts of our screens the guide names (buttons, menus, dialogs, reports, messages). */
const SCREEN_TEXTS = [
  'Instituições',
  'Mais',
  'Conexão LTI',
  'Gerenciar Conexão LTI',
  'Testar conexão',
  'Deployment IDs aceitos',
  'Dados do LMS',
  'Adicionar ao LMS',
  'Abrir em nova janela',
  'Exportar para o LMS',
  'Relatório de Acessos',
  'Matrícula ou e-mail',
  'unidades fora dos aluguéis ativos',
  'O LMS respondeu com',
  'o Saber Compartilhado alcança o LMS',
  'Este link foi revogado pela instituição.',
  'Este conteúdo não está mais disponível para a sua instituição.',
];

describe('docs/lms.md', () => {
  it("quotes our screens' texts as they are", () => {
    const guide = fs.readFileSync(path.join(root, 'docs/lms.md'), 'utf8');
    const screens = sources(path.join(root, 'apps/web/src')) + sources(path.join(root, 'packages/shared/src'));
    for (const text of SCREEN_TEXTS) {
      expect(guide.toLowerCase(), `docs/lms.md no longer mentions '${text}'`).toContain(text.toLowerCase());
      expect(screens.toLowerCase(), `'${text}' (docs/lms.md) is on no screen`).toContain(text.toLowerCase());
    }
    // The menu button reads 'Mais' (its accessible name 'Mais ações de …'); the guide must not send anyone to a
    // 'Mais ações' button, nor to a Moodle version the steps were not checked on.
    expect(guide).not.toMatch(/Mais ações →/);
    expect(guide).not.toMatch(/## Moodle \(4\.x\)\n/);
  });
});
