import { Alert, Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { IconUser, IconBuildingStore, IconBooks, IconListDetails, IconReceipt, IconShare, IconBulb, IconSchool, IconHourglass } from '@tabler/icons-react';
import { LIMITS } from '@edu/shared/limits';
import { isProviderInReview } from '@edu/shared/providers';
import { useSessionUser } from '../../../lib/session';
import { PublishedUnitsTable, seesPublishedUnits } from '../components/published-units-table';
import { StaffTasksPanel } from '../components/staff-tasks';
import { FinanceiroTile } from '../components/financeiro-tile';
import { ProviderIncomeDashboard } from '../../provider-income';
import { closedForSeller } from '../../institutions';
import { isSellerType, PLATFORM_ADMIN_TYPES, type MenuKey, type UserType } from '@edu/shared/access';

/** `menu`: the menu entry leading to the same screen; a tile goes when the shell hides that entry (an inactive institution). */
const SELLER_TILES: { label: string; to: string; icon: typeof IconUser; text: string; menu?: MenuKey }[] = [
  { label: 'Meu Perfil', to: '/dashboard/profile', icon: IconUser, text: 'Dados da sua conta e da sua instituição.', menu: 'profile' },
  { label: 'Loja de Fornecedores', to: '/seller/store', icon: IconBuildingStore, text: 'Conheça os fornecedores e seus planos.', menu: 'store' },
  { label: 'Meu Catálogo', to: '/seller/rented-units', icon: IconBooks, text: 'As unidades que a sua instituição adquiriu.', menu: 'rented-units' },
  { label: 'Gerenciar Disciplinas', to: '/seller/manage-subjects', icon: IconListDetails, text: 'Organize as unidades em disciplinas.', menu: 'manage-subjects' },
  { label: 'Meus Aluguéis', to: '/seller/rents', icon: IconReceipt, text: 'Acompanhe os seus aluguéis.' },
];

const GENERAL_TILES = [
  { label: 'Compartilhar', icon: IconShare, text: 'Compartilhe conhecimento: unidades de ensino feitas por quem entende do assunto.' },
  { label: 'Conhecer', icon: IconBulb, text: 'Conheça conteúdos com curadoria e revisão de especialistas.' },
  { label: 'Aprender', icon: IconSchool, text: 'Aprenda no seu ritmo, com atividades e materiais de apoio.' },
];

/**
 * /dashboard (spec 1 §2.10): the provider's income dashboard, the sellers' tiles, the published units, and the platform
 * team's (admin and director) counts of what needs doing now.
 */
export default function DashboardPage() {
  const user = useSessionUser();
  if (!user) return null;
  const providerInReview = user.type === 'provider' && isProviderInReview(user.provider?.status ?? '');
  const sellerTiles = user.type === 'seller' || user.type === 'seller_assistent';
  const platformTeam = (PLATFORM_ADMIN_TYPES as readonly UserType[]).includes(user.type);
  const staff = ['manager', 'curator', 'review'].includes(user.type);
  const generalTiles = ['serviceProvider', 'editor', 'seller_content_manager', 'client', 'user'].includes(user.type);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">Painel</Title>
      {providerInReview && (
        <Alert color="yellow" icon={<IconHourglass />} title="Seu perfil está em análise" data-testid="provider-review">
          Recebemos o seu cadastro e ele está sendo analisado pela nossa equipe. Você será notificado por e-mail assim que a
          análise terminar; o prazo é de no máximo {LIMITS.providerReviewHours} h.
        </Alert>
      )}
      {/* What the institution owes now, for every institution type (all read their charges). */}
      {isSellerType(user.type) && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <FinanceiroTile />
        </SimpleGrid>
      )}
      {sellerTiles && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {SELLER_TILES.filter((tile) => !(tile.menu && closedForSeller(user, tile.menu))).map((tile) => (
            <UnstyledButton key={tile.label} component={Link} to={tile.to} aria-label={tile.label}>
              <Tile {...tile} />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      {generalTiles && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {GENERAL_TILES.map((tile) => (
            <Tile key={tile.label} {...tile} />
          ))}
        </SimpleGrid>
      )}
      {user.type === 'provider' && !providerInReview && <ProviderIncomeDashboard />}
      {platformTeam && <StaffTasksPanel />}
      {staff && (
        <Text c="dimmed">Bem-vindo(a), {user.name}. Use o menu ao lado para acessar as áreas do seu perfil.</Text>
      )}
      {seesPublishedUnits(user.type) && <PublishedUnitsTable />}
    </Stack>
  );
}

function Tile({ label, text, icon: Icon }: { label: string; text: string; icon: typeof IconUser }) {
  return (
    <Card withBorder padding="lg" h="100%">
      <ThemeIcon size={44} radius="md" variant="light">
        <Icon size={26} />
      </ThemeIcon>
      <Text fw={600} mt="md">
        {label}
      </Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Card>
  );
}
