/** What the store, the partners and the cart say (pt-BR). store.ts re-exports it. */
import { MSG } from './messages';
import { RENT_MSG } from './rent-machine';

export const STORE_MSG = {
  title: 'Loja de Fornecedores',
  partnersTitle: 'Parceiros',
  cartTitle: 'Carrinho',
  empty: 'Nenhum item encontrado.',
  rent: 'Alugar',
  inCart: 'Item no Carrinho',
  rented: 'Alugado',
  /** An open rent not active yet (requested or waiting): the card links to 'Meus alugueis', not to the catalogue. */
  pending: 'Aluguel solicitado',
  pendingHint: 'O aluguel aguarda a confirmação do pagamento. Acompanhe em Meus alugueis.',
  premium: 'Premium',
  basic: 'Basic',
  unitsHeading: 'Lista de Unidades',
  showMore: 'Mostrar mais',
  showLess: 'Mostrar menos',
  filterUnits: 'Filtrar unidades',
  clearFilters: 'Limpar Filtros',
  knowMore: 'Clique aqui e conheça mais!',
  added: 'Item adicionado ao carrinho',
  removed: 'Item removido do carrinho',
  removeButton: 'Remover do carrinho',
  removeConfirm: (company: string) => `Tem certeza que deseja remover o item ${company}?`,
  cartEmpty: RENT_MSG.cartEmpty,
  keepShopping: 'Continuar comprando',
  service: 'Serviço',
  serviceWarning: 'Atenção: O preço será de acordo com as instruções que enviaremos por email',
  /** The cart's TOTAL when it holds services only: their price comes by e-mail, never 'R$ 0,00/mês'. */
  totalByEmail: 'Enviado por e-mail',
  /** Under the TOTAL when services sit beside providers: the total is the providers' alone. */
  servicesNotInTotal: 'Mais os serviços, com preço enviado por e-mail.',
  requestPayment: 'Solicitar Pagamento',
  paymentNote:
    'Após solicitar o pagamento, seu pedido entrará em análise e em até 24 horas você receberá as informações de pagamento.',
  choosePayment: RENT_MSG.choosePayment,
  requested: 'Solicitação enviada com sucesso! Em breve entraremos em contato.',
  prospectDone: 'Cliente cadastrado com sucesso!',
  invalidEmail: 'Digite um e-mail válido',
  required: MSG.required,
  cartChanged: 'O carrinho foi alterado em outra aba ou dispositivo. Confira os itens e solicite o pagamento de novo.',
  unknownPaymentMethod: 'Forma de pagamento inválida.',
  serviceNotFound: 'Serviço não encontrado.',
  partnerNotFound: 'Parceiro não encontrado.',
  noPlan: RENT_MSG.noPlan,
  notRentable: RENT_MSG.notRentable,
  loadFail: 'Algo inesperado aconteceu, por favor recarrege sua página.',
  addFail: 'Algo de inesperado aconteceu',
  /** 'Solicitar Pagamento' skipped cart items whose provider the institution already rents (e.g. an admin's
   * 'Novo Aluguel' after they were added): they were taken out of the cart (docs/decisions.md). */
  /** A cart item whose provider the institution already rents (an open rent, active or not yet): not in the TOTAL,
   * and 'Solicitar Pagamento' leaves it out (see alreadyRented). */
  rentedItem: 'Você já aluga este catálogo (ou já solicitou o aluguel). Ele sai do carrinho quando você solicitar o pagamento.',
  /** A cart item that can no longer be requested (the provider lost its approval or its price on the plan). */
  unavailableItem: `${RENT_MSG.notRentable} Remova o item para continuar.`,
  /** The title of the warning that names the items a payment request left out (alreadyRented). */
  skippedTitle: 'Itens não solicitados',
  alreadyRented: (companies: readonly string[]) =>
    `${companies.join(', ')}: ${RENT_MSG.alreadyAssociated} ${companies.length > 1 ? 'Os itens foram retirados' : 'O item foi retirado'} do carrinho.`,
} as const;
