/**
 * User types, statuses, the side menu per user type (spec 1 §2.9 and §6) and the permission
 * predicates. Pure functions: the server enforces them, the web uses them to show what a user may do.
 */
export const USER_TYPES = [
  'admin',
  'director',
  'manager',
  'curator',
  'review',
  'provider',
  'serviceProvider',
  'editor',
  'seller',
  'seller_assistent',
  'seller_content_manager',
  'client',
  'user',
] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  admin: 'Administrador',
  director: 'Diretor',
  manager: 'Gerente',
  curator: 'Curador',
  review: 'Revisor',
  provider: 'Fornecedor',
  serviceProvider: 'Fornecedor de Serviço',
  editor: 'Editor',
  seller: 'Instituição',
  seller_assistent: 'Assistente da Instituição',
  seller_content_manager: 'Gestor de Conteúdo',
  client: 'Cliente',
  user: 'Usuário',
};

export const USER_STATUSES = ['active', 'inative', 'exclused'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Ativo',
  inative: 'Inativo',
  exclused: 'Excluído',
};

export const STAFF_TYPES = ['admin', 'director', 'manager', 'curator', 'review'] as const satisfies readonly UserType[];
export const PROVIDER_TYPES = ['provider', 'serviceProvider', 'editor'] as const satisfies readonly UserType[];
export const SELLER_TYPES = ['seller', 'seller_assistent', 'seller_content_manager'] as const satisfies readonly UserType[];
/** The platform team that runs the business (institutions, plans, rents, LTI): THE list; the domains' *_ADMIN_TYPES alias it. */
export const PLATFORM_ADMIN_TYPES = ['admin', 'director'] as const satisfies readonly UserType[];

export function isStaff(type: UserType): boolean {
  return (STAFF_TYPES as readonly UserType[]).includes(type);
}
export function isProviderType(type: UserType): boolean {
  return (PROVIDER_TYPES as readonly UserType[]).includes(type);
}
/** Spec 3 §6: any type containing 'seller' counts as seller-like. */
export function isSellerType(type: UserType): boolean {
  return type.includes('seller');
}

/** The side menu of spec 1 §2.9, in its order. */
export const MENU_ENTRIES = [
  { key: 'dashboard', path: '/dashboard', label: 'Painel' },
  { key: 'profile', path: '/dashboard/profile', label: 'Meu Perfil' },
  { key: 'units', path: '/dashboard/units', label: 'Unidades' },
  { key: 'my-services', path: '/dashboard/my-services', label: 'Meus Serviços' },
  { key: 'my-units', path: '/dashboard/my-units', label: 'Minhas Unidades' },
  { key: 'my-team', path: '/dashboard/my-team', label: 'Meu Time' },
  { key: 'notifications', path: '/dashboard/notifications', label: 'Notificações' },
  { key: 'plans', path: '/dashboard/plans', label: 'Planos' },
  { key: 'providers', path: '/dashboard/providers', label: 'Fornecedores' },
  { key: 'store', path: '/seller/store', label: 'Loja' },
  { key: 'store-service', path: '/seller/store-service', label: 'Parceiros' },
  { key: 'rented-units', path: '/seller/rented-units', label: 'Catálogo' },
  { key: 'manage-subjects', path: '/seller/manage-subjects', label: 'Disciplinas' },
  { key: 'courses', path: '/seller/courses', label: 'Cursos' },
  { key: 'providers-rents', path: '/dashboard/providers-rents', label: 'Aluguéis' },
  { key: 'financeiro', path: '/dashboard/financeiro', label: 'Financeiro' },
  { key: 'access-report', path: '/dashboard/access-report', label: 'Relatório de Acessos' },
  { key: 'ia-activities', path: '/dashboard/ia-activities', label: 'Criar Atividades com IA' },
  { key: 'unit-access-report', path: '/dashboard/unit-access-report', label: 'Relatório de Acesso às Unidades' },
  { key: 'logs-report', path: '/dashboard/logs-report', label: 'Relatório de Logs' },
  { key: 'feedback-report', path: '/dashboard/feedback-report', label: 'Relatório de Feedbacks' },
  { key: 'units-report', path: '/dashboard/units-report', label: 'Relatório de Unidades Publicadas' },
  { key: 'financial-report', path: '/dashboard/financial-report', label: 'Relatório Financeiro' },
  { key: 'tutorials', path: '/dashboard/tutorials', label: 'Tutoriais' },
  { key: 'control', path: '/seller/control', label: 'Instituições' },
  // The platform team's charges (admin, director): the money screens are theirs alone.
  { key: 'charges', path: '/dashboard/charges', label: 'Cobranças' },
  { key: 'settings', path: '/dashboard/settings', label: 'Configurações' },
] as const;
export type MenuKey = (typeof MENU_ENTRIES)[number]['key'];
const ALL_KEYS: MenuKey[] = MENU_ENTRIES.map((e) => e.key);
const except = (...excluded: MenuKey[]): MenuKey[] => ALL_KEYS.filter((k) => !excluded.includes(k));

const DIRECTOR_EXCLUDED: MenuKey[] = [
  'my-units', 'store-service', 'my-services', 'store', 'rented-units', 'providers-rents', 'units-report',
  'manage-subjects', 'courses', 'tutorials', 'unit-access-report', 'settings', 'feedback-report', 'ia-activities',
  'financeiro',
];

/**
 * Menu per user type, spec 1 §6. Where the spec leaves the set open (curator, review, serviceProvider,
 * editor, and the "others" a provider keeps) the choice is recorded in docs/decisions.md.
 */
export const MENU_BY_TYPE: Record<UserType, MenuKey[]> = {
  // Spec 1 §6 also removes 'providers' from the admin's menu; the admin approves providers (spec 3 §2.2) and the
  // Painel sends there, so Fornecedores stays in it, where the spec's table puts it (docs/decisions.md).
  admin: except(
    'my-units', 'my-services', 'store', 'rented-units', 'manage-subjects', 'store-service', 'providers-rents',
    'units-report', 'courses', 'tutorials', 'settings', 'financeiro',
  ),
  director: except(...DIRECTOR_EXCLUDED),
  manager: except(...DIRECTOR_EXCLUDED, 'my-team', 'plans', 'providers', 'control', 'logs-report', 'notifications', 'charges', 'financial-report'),
  curator: ['dashboard', 'profile', 'units'],
  review: ['dashboard', 'profile', 'units'],
  provider: except(
    'units', 'plans', 'store-service', 'my-services', 'providers', 'store', 'access-report', 'control', 'settings',
    'feedback-report', 'ia-activities', 'notifications', 'financeiro', 'charges', 'financial-report',
  ),
  serviceProvider: ['dashboard', 'profile', 'my-services', 'tutorials'],
  editor: ['dashboard', 'profile', 'my-units', 'tutorials'],
  seller: [
    'dashboard', 'profile', 'store', 'rented-units', 'manage-subjects', 'access-report', 'logs-report', 'tutorials',
    'courses', 'my-team', 'ia-activities',
    // The partners' page is where the institution puts services in its cart; Configurações holds its LMS key, where
    // 'Exportar para o LMS' without a key sends it (docs/decisions.md).
    'store-service', 'settings',
    // Its charges, read by every institution type (only the platform team moves them).
    'financeiro',
  ],
  seller_assistent: ['dashboard', 'profile', 'rented-units', 'manage-subjects', 'tutorials', 'financeiro'],
  seller_content_manager: ['dashboard', 'profile', 'manage-subjects', 'rented-units', 'courses', 'tutorials', 'ia-activities', 'financeiro'],
  client: ['dashboard', 'profile'],
  user: ['dashboard', 'profile'],
};

export function menuFor(type: UserType) {
  const keys = MENU_BY_TYPE[type];
  return MENU_ENTRIES.filter((e) => keys.includes(e.key));
}

/** Spec 1 §6 "Users each role may create". */
export const MANAGEABLE_TYPES: Partial<Record<UserType, readonly UserType[]>> = {
  admin: ['admin', 'director', 'manager', 'curator', 'review'],
  director: ['manager', 'curator', 'review'],
  provider: ['serviceProvider', 'editor'],
  seller: ['seller_content_manager', 'seller_assistent'],
};

export function manageableTypes(type: UserType): readonly UserType[] {
  return MANAGEABLE_TYPES[type] ?? [];
}

/** The minimal facts about a user that permission checks need. */
export interface Actor {
  id: number;
  type: UserType;
  providerId: number | null;
  sellerId: number | null;
}
export interface TargetUser {
  id: number;
  type: UserType;
  providerId: number | null;
  sellerId: number | null;
}

/**
 * May `actor` manage (edit, change status, change avatar of) `target`? Staff manage the types they may
 * create; a provider manages its own team; a seller manages its own institution's team.
 */
export function canManageUser(actor: Actor, target: TargetUser): boolean {
  if (actor.id === target.id) return false;
  if (!manageableTypes(actor.type).includes(target.type)) return false;
  if (actor.type === 'provider') return actor.providerId !== null && target.providerId === actor.providerId;
  if (actor.type === 'seller') return actor.sellerId !== null && target.sellerId === actor.sellerId;
  return true;
}

/** May `actor` read `target`'s profile? Oneself, or anyone one may manage. */
export function canViewUser(actor: Actor, target: TargetUser): boolean {
  return actor.id === target.id || canManageUser(actor, target) || actor.type === 'admin' || actor.type === 'director';
}

export const TEAM_MANAGER_TYPES = ['admin', 'director', 'provider', 'seller'] as const satisfies readonly UserType[];
