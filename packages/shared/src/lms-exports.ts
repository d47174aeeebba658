/**
 * Exports for learning-management systems (docs/lms.md, "Pacotes SCORM 1.2 e Common Cartridge", for LMS administrators):
 *
 * - the **SCORM 1.2 dispatch package** of a unit ('Pacote SCORM 1.2', for LMSs without LTI): a small zip with
 *   `imsmanifest.xml` and ONE SCO. The SCO holds no content: it opens the student viewer of OUR server in a frame
 *   (LMS_VIEWER_PATH) with a signed dispatch token of the unit, so the licence (institution active, LMS key of the
 *   token's generation, ACTIVE rent of the unit's provider) is checked at every launch; it reports to the LMS's
 *   SCORM API what the viewer tells it through `postMessage` (SCORM_BRIDGE): `cmi.core.lesson_status`,
 *   `cmi.core.lesson_location`, `cmi.core.score.raw/min/max`;
 * - the **Common Cartridge 1.1 export** of a subject or a course: `imsmanifest.xml` (schema 'IMS Common Cartridge',
 *   version 1.1.0) with one web link (`imswl_xmlv1p1`) per unit, in the subject's order (a course: one folder per
 *   subject, in the course's order).
 *
 * Both hand out links of the institution's students, so who may ask is who may share (the seller and the content
 * manager, never the assistant); the SCORM package also needs the institution's `packages` grant (the 'download zip'
 * of spec 3 §2.13 is a granted feature). Both need an LMS key: the token carries the key's generation, so a new key
 * revokes every package and cartridge given before.
 */
import { z } from 'zod';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { idParam, idSchema } from './validation';

/** Who may export for an LMS: who may share links (share-links.ts SHARE_LINK_TYPES). */
export const LMS_EXPORT_TYPES = ['seller', 'seller_content_manager'] as const;

/**
 * The student viewer as an LMS opens it (inside a SCORM package's frame, or from a cartridge's web link): the same
 * viewer as SHARE_LINK_PATH (`?token=`, `&student=`), and the ONLY page of the app that other sites may frame.
 */
export const LMS_VIEWER_PATH = '/student/lms';
/** The page to open at (0 = introduction), from `cmi.core.lesson_location` when a SCORM attempt resumes. */
export const LMS_PAGE_PARAM = 'page';

/** Files of the SCORM package (all at the zip's root). */
export const SCORM_FILES = { manifest: 'imsmanifest.xml', launch: 'index.html', script: 'sco.js', style: 'sco.css' } as const;
export const scormFileName = (itemId: number) => `scorm12_unidade_${itemId}.zip`;
/** A cartridge is named after its subject or course: letters, digits and dashes, at most 60 characters. */
export function cartridgeFileName(kind: 'subject' | 'course', name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${kind === 'subject' ? 'disciplina' : 'curso'}${slug ? `-${slug}` : ''}.imscc`;
}
/** The answer header that says how many units were left out of a cartridge (their rent is not active). */
export const CARTRIDGE_SKIPPED_HEADER = 'x-cartridge-skipped';

/**
 * The messages between the viewer (our page, in the SCO's frame) and the SCO (the package's script, in the LMS).
 * The viewer announces itself with `loaded` (no data) to its parent; the SCO answers `hello` to the viewer's origin;
 * from then on the viewer posts `progress` to the origin that said hello, and only to its parent window. The SCO
 * accepts messages only from our origin and from its own frame.
 */
export const SCORM_BRIDGE = { channel: 'saber-compartilhado:lms', version: 1, loaded: 'loaded', hello: 'hello', progress: 'progress' } as const;

/** What the viewer tells the SCO after every page change and answer. */
export interface ViewerProgress {
  /** The unit version shown. */
  unitId: number;
  /** The page shown (0 = introduction) and the number of pages. */
  page: number;
  pages: number;
  /** The student reached the unit's last page (the synthesis) in this session. */
  completed: boolean;
  /** Questions of the unit, answered in this session, answered right. */
  total: number;
  answered: number;
  right: number;
  /** The share of the unit's questions answered right, 0–100 (`scorePercent`); null when the unit has none. */
  score: number | null;
}

/** The unit's score: right answers over ALL its questions, as a whole percentage; null for a unit without questions. */
export const scorePercent = (right: number, total: number): number | null => (total > 0 ? Math.round((100 * Math.min(right, total)) / total) : null);

export const LMS_EXPORT_MSG = {
  scormDownload: 'Pacote SCORM 1.2',
  scormHint: 'Para LMS sem LTI: importe o pacote como SCORM 1.2. A licença é verificada a cada acesso.',
  scormDownloaded: 'Pacote SCORM baixado. Importe-o no seu LMS como pacote SCORM 1.2.',
  scormFail: 'Não foi possível gerar o pacote SCORM. Tente novamente.',
  cartridgeDownload: 'Exportar para o LMS',
  cartridgeHint: 'Baixa um cartucho Common Cartridge 1.1 (.imscc) com um link por unidade, para importar no Moodle, Canvas ou D2L.',
  cartridgeDownloaded: 'Cartucho Common Cartridge baixado. Importe-o no seu LMS.',
  cartridgeSkipped: (n: number) =>
    n === 1 ? '1 unidade fora dos aluguéis ativos ficou de fora do cartucho.' : `${n} unidades fora dos aluguéis ativos ficaram de fora do cartucho.`,
  cartridgeFail: 'Não foi possível exportar para o LMS. Tente novamente.',
  /** 409: without an LMS key there is no generation to tie the links to. */
  noLmsKey: 'A instituição ainda não tem uma chave LMS. O administrador da instituição pode gerá-la em Configurações > Chave LMS; depois, baixe de novo.',
  /** 404 on the SCORM route with a subject: the unit is not in that subject of the institution. */
  notInSubject: 'Unidade não encontrada nesta disciplina.',
  emptySubject: 'Esta disciplina não tem unidades disponíveis para exportar: nenhuma está em um aluguel ativo.',
  emptyCourse: 'Este curso não tem unidades disponíveis para exportar: nenhuma disciplina tem unidades em aluguéis ativos.',
  /** Inside the SCORM package (shown by the LMS). */
  scoLoading: 'Carregando a unidade…',
  scoNoLms:
    'Não encontramos a conexão com o LMS: a unidade abre, mas o seu progresso não será registrado. Abra a unidade pela página do curso no LMS.',
  scoFrameTitle: (title: string) => `Unidade: ${title}`,
  /** The cartridge's description of a subject or course (LOM description). */
  cartridgeDescription: (institution: string) => `Unidades de ${institution} na plataforma Saber Compartilhado. Cada link abre a unidade para o aluno.`,
} as const;

export const scormBody = z.strictObject({
  /** A unit of one of the institution's subjects: the package opens the version that subject keeps (opt-in updates). */
  subjectId: idSchema(MSG.invalidValue).optional(),
});
export type ScormBody = z.input<typeof scormBody>;

export const lmsExportsRoutes = {
  scorm: defineRoute({
    method: 'POST', path: '/sellers/scorm/unit/:id', tag: 'lms-exports',
    summary:
      'Baixar o pacote SCORM 1.2 de uma unidade (id do item) de um aluguel ativo: imsmanifest.xml e um SCO que abre a unidade no servidor ' +
      'a cada acesso (licença verificada; chave LMS obrigatória; concessão packages). subjectId: a versão que a disciplina mantém.',
    access: LMS_EXPORT_TYPES, params: idParam, body: scormBody, response: z.string().describe('O pacote SCORM 1.2 (application/zip)'),
  }),
  subjectCartridge: defineRoute({
    method: 'POST', path: '/sellers/subjects/:id/cartridge', tag: 'lms-exports',
    summary: 'Exportar uma disciplina da instituição como Common Cartridge 1.1 (.imscc): um link por unidade, na ordem da disciplina',
    access: LMS_EXPORT_TYPES, params: idParam, response: z.string().describe('O cartucho Common Cartridge 1.1 (application/zip)'),
  }),
  courseCartridge: defineRoute({
    method: 'POST', path: '/sellers/courses/:id/cartridge', tag: 'lms-exports',
    summary: 'Exportar um curso da instituição como Common Cartridge 1.1 (.imscc): uma pasta por disciplina, na ordem do curso',
    access: LMS_EXPORT_TYPES, params: idParam, response: z.string().describe('O cartucho Common Cartridge 1.1 (application/zip)'),
  }),
} as const;
