import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { STORE_BUYER_TYPES, STORE_MSG, type StoreProvider } from '@edu/shared/store';
import { useSessionUser } from '../../../lib/session';
import { typeAllowed } from '../../../ui/access-denied';
import { useAddToCartAndOpen } from './use-add-to-cart-and-open';

/**
 * The card's one button (spec 3 §2.3): 'Alugar' (to the cart), 'Item no Carrinho' (the cart), 'Aluguel solicitado'
 * (a rent not active yet: a quiet link to 'Meus alugueis') or 'Alugado' (the active rent: the catalogue).
 */
export function RentButton({ provider, fullWidth }: { provider: Pick<StoreProvider, 'id' | 'companyName' | 'state'>; fullWidth?: boolean }) {
  const user = useSessionUser();
  const add = useAddToCartAndOpen();
  if (provider.state === 'rented') {
    return (
      <Button component={Link} to="/seller/rented-units" variant="light" color="green" fullWidth={fullWidth}>
        {STORE_MSG.rented}
      </Button>
    );
  }
  if (provider.state === 'pending') {
    return (
      <Button component={Link} to="/seller/rents" variant="default" c="dimmed" title={STORE_MSG.pendingHint} fullWidth={fullWidth}>
        {STORE_MSG.pending}
      </Button>
    );
  }
  if (provider.state === 'inCart') {
    return (
      <Button component={Link} to="/seller/cart" variant="light" fullWidth={fullWidth}>
        {STORE_MSG.inCart}
      </Button>
    );
  }
  const mayBuy = !!user && typeAllowed(user.type, STORE_BUYER_TYPES);
  return (
    <Button
      fullWidth={fullWidth}
      disabled={!mayBuy}
      title={mayBuy ? undefined : 'Somente a instituição e o gestor de conteúdo alugam.'}
      loading={add.isPending}
      aria-label={`${STORE_MSG.rent} ${provider.companyName}`}
      onClick={() => add.mutate({ providerId: provider.id })}
    >
      {STORE_MSG.rent}
    </Button>
  );
}
