/** The texts of Minhas Unidades (spec 2 §2.3). */
export const MY_UNITS_MSG = {
  loadFail: 'Algo inesperado aconteceu, por favor recarrege sua página.',
  actionFail: 'Algo de inesperado aconteceu',
  empty: 'Nenhum item encontrado',
  recovered: 'A unidade foi recuperada com sucesso',
  statusChanged: (label: string) => `Status da unidade foi alterado para ${label}`,
  confirmStatus: (label: string) => `Tem certeza que deseja mudar o status deste item para ${label}`,
  confirmRecover: 'Tem certeza que deseja recuperar este item?',
} as const;
