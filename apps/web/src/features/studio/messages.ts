/** The studio's texts (spec 2 §8); the validation texts are UNIT_MSG of the shared unit-content model. */
export const STUDIO_MSG = {
  successTitle: 'Sucesso!',
  errorTitle: 'Ops ...',
  loadFail: 'Algo de errado aconteceu',
  saveFail: 'Algo de inesperado aconteceu, por favor tente novamente mais tarde',
  saved: 'Item foi Salvo com sucesso',
  created: 'Item cadastrado com sucesso!',
  updated: 'Item atualizado com sucesso!',
  autosaveFail: 'Não foi possível salvar automaticamente. Verifique sua conexão ou use SALVAR.',
  /** Before the first failing check of a draft that cannot save itself: 'Alterações não salvas — Insira a síntese desse item'. */
  unsavedBecause: 'Alterações não salvas —',
  leaveConfirm: 'Tem certeza que deseja sair? As alterações não salvas serão perdidas.',
  updateTitle: 'O que está sendo atualizado?',
  updateNote:
    'A atualização de uma unidade publicada passa novamente por todas as etapas de análise, com prazo de retorno de até 48 horas. Enquanto isso, a versão publicada continua disponível.',
  accessDenied: 'Somente fornecedores e editores podem criar e editar unidades.',
  locked: (status: string) => `Esta unidade está com o status "${status}" e não pode ser editada agora.`,
  reloadConfirm: 'Recarregar a unidade descarta as alterações feitas nesta aba.',
} as const;
