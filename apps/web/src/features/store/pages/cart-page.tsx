/**
 * /seller/cart, 'Carrinho' (spec 3 §2.7): provider and service items, removal with SIM/NÃO, the empty state,
 * and the checkout sidebar (prices and TOTAL from the server, payment methods, 'Solicitar Pagamento').
 */
import { Alert, Anchor, Badge, Box, Breadcrumbs, Button, Card, Center, Divider, Grid, Group, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatMonthly } from '@edu/shared/format';
import { STORE_BUYER_TYPES, STORE_MSG, STORE_READER_TYPES, type CartItem, type CartResponse } from '@edu/shared/store';
import { ApiError } from '../../../lib/api';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess, toastWarning } from '../../../lib/toast';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { confirm } from '../../../ui/confirm';
import { cartQuery, paymentMethodsQuery, useRemoveFromCart, useRequestPayment } from '../api';
import { unitCountLabel } from '../components/provider-card';
import { ConditionBadge } from '../../../ui/condition-badge';
import { MonthlyPrice } from '../../../ui/monthly-price';
import { ProviderLogo } from '../components/provider-logo';
import { LoadError } from '../../../ui/load-error';

export default function CartPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, STORE_READER_TYPES) || user.seller === null) return <AccessDenied title={STORE_MSG.cartTitle} />;
  return <Cart sellerId={user.seller.id} mayBuy={typeAllowed(user.type, STORE_BUYER_TYPES)} />;
}

function Cart({ sellerId, mayBuy }: { sellerId: number; mayBuy: boolean }) {
  const cart = useQuery(cartQuery());

  const remove = useRemoveFromCart({
    onSuccess: (res) => toastSuccess(res.message),
    onError: (err) => toastError(err instanceof ApiError ? err.message : STORE_MSG.addFail),
  });

  async function askRemove(item: CartItem) {
    const ok = await confirm({ title: STORE_MSG.removeButton, message: STORE_MSG.removeConfirm(item.companyName), confirmLabel: 'SIM', cancelLabel: 'NÃO', danger: true });
    if (ok) remove.mutate(item);
  }

  let body;
  if (cart.isError) body = <LoadError error={cart.error} message={STORE_MSG.loadFail} showReason onRetry={() => void cart.refetch()} retrying={cart.isFetching} />;
  else if (!cart.data) {
    body = (
      <Center py="xl" role="status" aria-busy="true" aria-label="Carregando">
        <Loader />
      </Center>
    );
  } else if (cart.data.items.length === 0) {
    body = (
      <Stack align="center" py="xl" gap="md">
        <Text size="lg">{STORE_MSG.cartEmpty}</Text>
        <Button component={Link} to="/seller/store">
          {STORE_MSG.keepShopping}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {cart.data.items.map((item) => (
              <CartRow key={item.id} item={item} onRemove={mayBuy ? () => void askRemove(item) : undefined} removing={remove.isPending && remove.variables?.id === item.id} />
            ))}
            <Group>
              <Button component={Link} to="/seller/store" variant="subtle">
                {STORE_MSG.keepShopping}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Checkout cart={cart.data} sellerId={sellerId} mayBuy={mayBuy} />
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Stack gap="lg">
      <nav aria-label="Trilha de navegação">
        <Breadcrumbs>
          <Anchor component={Link} to="/seller/store">
            Loja
          </Anchor>
          <Text span aria-current="page">
            {STORE_MSG.cartTitle}
          </Text>
        </Breadcrumbs>
      </nav>
      <Title order={1} size="h2">{STORE_MSG.cartTitle}</Title>
      {body}
    </Stack>
  );
}

function CartRow({ item, onRemove, removing }: { item: CartItem; onRemove?: () => void; removing: boolean }) {
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={item.title ? `${item.companyName} — ${item.title}` : item.companyName}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ProviderLogo url={item.imgLogoUrl} name={item.companyName} size={72} />
        <Stack gap={4} style={{ flex: 1 }}>
          <Text fw={600}>{item.companyName}</Text>
          {item.kind === 'service' ? (
            <>
              <Group gap="xs">
                <Text>{item.title}</Text>
                <Badge variant="light" color="grape">
                  {STORE_MSG.service}
                </Badge>
              </Group>
              {item.description && (
                <Text size="sm" c="dimmed">
                  {item.description}
                </Text>
              )}
              <Text size="sm" c="orange">
                {STORE_MSG.serviceWarning}
              </Text>
            </>
          ) : (
            <>
              <Group gap="xs">
                {item.condition && <ConditionBadge condition={item.condition} />}
                {item.unitCount !== null && (
                  <Text size="sm" c="dimmed">
                    {unitCountLabel(item.unitCount)}
                  </Text>
                )}
              </Group>
              {item.priceCents !== null && (
                <MonthlyPrice cents={item.priceCents} />
              )}
            </>
          )}
          {item.rented ? (
            <Text size="sm" c="orange" data-testid="cart-item-rented">
              {STORE_MSG.rentedItem}
            </Text>
          ) : (
            !item.available && (
              <Text size="sm" c="red">
                {STORE_MSG.unavailableItem}
              </Text>
            )
          )}
        </Stack>
        {onRemove && (
          <Button variant="subtle" color="red" onClick={onRemove} loading={removing}>
            {STORE_MSG.removeButton}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function Checkout({ cart, sellerId, mayBuy }: { cart: CartResponse; sellerId: number; mayBuy: boolean }) {
  const methods = useQuery(paymentMethodsQuery());
  const [method, setMethod] = useState<string | null>(null);
  const navigate = useNavigate();
  const pay = useRequestPayment({
    onSuccess: (res) => {
      // Items the institution already rents were left out of the request and taken out of the cart: say which,
      // in a warning that stays until closed (the page moves to 'Meus alugueis').
      if (res.skipped?.length) {
        toastSuccess(STORE_MSG.requested);
        toastWarning(STORE_MSG.alreadyRented(res.skipped), STORE_MSG.skippedTitle, { persistent: true });
      } else toastSuccess(res.message);
      void navigate('/seller/rents');
    },
    onError: (err) => toastError(err instanceof ApiError ? err.message : STORE_MSG.addFail),
  });

  // A double click sends one request: the second click comes before the button shows it is busy, and would find the
  // cart already emptied by the first (a red 'carrinho vazio' under the success). Free again only after a failure.
  const sending = useRef(false);
  function submit() {
    if (sending.current) return;
    if (!method) {
      toastWarning(STORE_MSG.choosePayment);
      return;
    }
    sending.current = true;
    pay.mutate(
      {
        sellerId,
        paymentMethod: Number(method),
        providerIds: cart.items.filter((i) => i.kind === 'provider').map((i) => i.providerId),
        serviceIds: cart.items.filter((i) => i.kind === 'service').map((i) => i.serviceId!),
      },
      { onError: () => (sending.current = false) },
    );
  }

  const hasServices = cart.items.some((i) => i.kind === 'service');
  const onlyServices = hasServices && cart.items.every((i) => i.kind === 'service');
  return (
    <Card withBorder padding="md" radius="md" component="aside" aria-label="Resumo do pedido">
      <Stack gap="sm">
        <Title order={2} size="h4">Resumo</Title>
        {cart.items.map((i) => (
          <Group key={i.id} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" lineClamp={2}>
              {i.kind === 'service' ? `${i.companyName} — ${i.title}` : i.companyName}
            </Text>
            <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {i.kind === 'service' ? STORE_MSG.service : i.priceCents !== null ? formatMonthly(i.priceCents) : '—'}
            </Text>
          </Group>
        ))}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>TOTAL</Text>
          <Text fw={700} data-testid="cart-total">
            {onlyServices ? STORE_MSG.totalByEmail : formatMonthly(cart.totalCents)}
          </Text>
        </Group>
        {hasServices && !onlyServices && (
          <Text size="xs" c="dimmed">
            {STORE_MSG.servicesNotInTotal}
          </Text>
        )}
        {cart.planName && (
          <Text size="xs" c="dimmed">
            Preços do {cart.planName}.
          </Text>
        )}
        {mayBuy ? (
          <>
            <Radio.Group label="Forma de pagamento" value={method} onChange={setMethod}>
              <Stack gap="xs" mt="xs">
                {methods.isError ? (
                  <Text size="sm" c="red">
                    {STORE_MSG.loadFail}
                  </Text>
                ) : !methods.data ? (
                  <Loader size="sm" />
                ) : (
                  methods.data.map((m) => <Radio key={m.id} value={String(m.id)} label={m.description} />)
                )}
              </Stack>
            </Radio.Group>
            <Button onClick={submit} loading={pay.isPending} disabled={pay.isSuccess || cart.items.some((i) => !i.available && !i.rented)} fullWidth>
              {STORE_MSG.requestPayment}
            </Button>
            <Box>
              <Text size="xs" c="dimmed">
                {STORE_MSG.paymentNote}
              </Text>
            </Box>
          </>
        ) : (
          <Alert color="blue">Somente a instituição e o gestor de conteúdo solicitam o pagamento.</Alert>
        )}
      </Stack>
    </Card>
  );
}
