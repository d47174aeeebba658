import { describe, expect, it } from 'vitest';
import {
  MENU_BY_TYPE,
  MENU_ENTRIES,
  USER_TYPES,
  canManageUser,
  canViewUser,
  isProviderType,
  isSellerType,
  isStaff,
  manageableTypes,
  menuFor,
  type Actor,
  type MenuKey,
  type UserType,
} from './access';

const keys = (type: UserType) => menuFor(type).map((e) => e.key);

/**
 * Spec 1 §6 exclusion lists, word for word ("Sellers" is the /seller/control entry), except the admin's 'providers':
 * the admin keeps Fornecedores (docs/decisions.md).
 */
const ADMIN_EXCLUDES: MenuKey[] = [
  'my-units', 'my-services', 'store', 'rented-units', 'manage-subjects', 'store-service', 'providers-rents',
  'units-report', 'courses', 'tutorials', 'settings', 'financeiro',
];
const DIRECTOR_EXCLUDES: MenuKey[] = [
  'my-units', 'store-service', 'my-services', 'store', 'rented-units', 'providers-rents', 'units-report',
  'manage-subjects', 'courses', 'tutorials', 'unit-access-report', 'settings', 'feedback-report', 'ia-activities',
  'financeiro',
];
const MANAGER_EXTRA_EXCLUDES: MenuKey[] = ['my-team', 'plans', 'providers', 'control', 'logs-report', 'notifications', 'charges', 'financial-report'];
const PROVIDER_EXCLUDES: MenuKey[] = [
  'units', 'plans', 'store-service', 'my-services', 'providers', 'store', 'access-report', 'control', 'settings',
  'feedback-report', 'ia-activities', 'financeiro', 'charges', 'financial-report',
];

describe('menuFor (spec 1 §2.9 and §6)', () => {
  it('gives every user type exactly its encoded menu, in the side-menu order', () => {
    const expected: Record<UserType, MenuKey[]> = {
      admin: [
        'dashboard', 'profile', 'units', 'my-team', 'notifications', 'plans', 'providers', 'access-report', 'ia-activities',
        'unit-access-report', 'logs-report', 'feedback-report', 'financial-report', 'control', 'charges',
      ],
      director: ['dashboard', 'profile', 'units', 'my-team', 'notifications', 'plans', 'providers', 'access-report', 'logs-report', 'financial-report', 'control', 'charges'],
      manager: ['dashboard', 'profile', 'units', 'access-report'],
      curator: ['dashboard', 'profile', 'units'],
      review: ['dashboard', 'profile', 'units'],
      provider: [
        'dashboard', 'profile', 'my-units', 'my-team', 'rented-units', 'manage-subjects', 'courses', 'providers-rents',
        'unit-access-report', 'logs-report', 'units-report', 'tutorials',
      ],
      serviceProvider: ['dashboard', 'profile', 'my-services', 'tutorials'],
      editor: ['dashboard', 'profile', 'my-units', 'tutorials'],
      seller: [
        'dashboard', 'profile', 'my-team', 'store', 'store-service', 'rented-units', 'manage-subjects', 'courses', 'financeiro',
        'access-report', 'ia-activities', 'logs-report', 'tutorials', 'settings',
      ],
      seller_assistent: ['dashboard', 'profile', 'rented-units', 'manage-subjects', 'financeiro', 'tutorials'],
      seller_content_manager: ['dashboard', 'profile', 'rented-units', 'manage-subjects', 'courses', 'financeiro', 'ia-activities', 'tutorials'],
      client: ['dashboard', 'profile'],
      user: ['dashboard', 'profile'],
    };
    for (const type of USER_TYPES) expect(keys(type), type).toEqual(expected[type]);
  });

  it('admin has everything except the eleven entries the spec removes (no my-units), and keeps Fornecedores', () => {
    const all = MENU_ENTRIES.map((e) => e.key);
    expect(keys('admin')).toEqual(all.filter((k) => !ADMIN_EXCLUDES.includes(k)));
    expect(menuFor('admin').find((e) => e.key === 'providers')).toEqual({ key: 'providers', path: '/dashboard/providers', label: 'Fornecedores' });
    expect(keys('admin')).not.toContain('my-units');
  });

  it('director and manager follow the exclusion lists; manager keeps only dashboard, profile, units and access-report', () => {
    const all = MENU_ENTRIES.map((e) => e.key);
    expect(keys('director')).toEqual(all.filter((k) => !DIRECTOR_EXCLUDES.includes(k)));
    expect(keys('manager')).toEqual(all.filter((k) => !DIRECTOR_EXCLUDES.includes(k) && !MANAGER_EXTRA_EXCLUDES.includes(k)));
    expect(keys('manager')).toEqual(['dashboard', 'profile', 'units', 'access-report']);
  });

  it('curator and review are the director menu minus my-team, plans, providers and Sellers', () => {
    for (const type of ['curator', 'review'] as const) {
      for (const k of keys(type)) expect(keys('director'), `${type} ${k}`).toContain(k);
      for (const k of ['my-team', 'plans', 'providers', 'control'] as const) expect(keys(type)).not.toContain(k);
    }
  });

  it('provider drops the spec exclusions and keeps my-units, my-team, providers-rents, units-report, courses and tutorials', () => {
    for (const k of PROVIDER_EXCLUDES) expect(keys('provider')).not.toContain(k);
    for (const k of ['my-units', 'my-team', 'providers-rents', 'units-report', 'courses', 'tutorials'] as const) {
      expect(keys('provider')).toContain(k);
    }
  });

  it('seller types and client/user have the lists of the spec (the seller also Parceiros and Configurações)', () => {
    expect(new Set(keys('seller'))).toEqual(
      new Set(['dashboard', 'profile', 'store', 'rented-units', 'manage-subjects', 'access-report', 'logs-report', 'tutorials', 'courses', 'my-team', 'ia-activities', 'store-service', 'settings', 'financeiro']),
    );
    expect(new Set(keys('seller_assistent'))).toEqual(new Set(['dashboard', 'profile', 'rented-units', 'manage-subjects', 'tutorials', 'financeiro']));
    expect(new Set(keys('seller_content_manager'))).toEqual(
      new Set(['dashboard', 'profile', 'manage-subjects', 'rented-units', 'courses', 'tutorials', 'ia-activities', 'financeiro']),
    );
    expect(keys('client')).toEqual(['dashboard', 'profile']);
    expect(keys('user')).toEqual(['dashboard', 'profile']);
  });

  it('entries carry the paths and pt-BR labels of the side-menu table', () => {
    const seller = menuFor('seller');
    expect(seller[0]).toEqual({ key: 'dashboard', path: '/dashboard', label: 'Painel' });
    expect(seller.find((e) => e.key === 'rented-units')).toEqual({ key: 'rented-units', path: '/seller/rented-units', label: 'Catálogo' });
    expect(menuFor('admin').find((e) => e.key === 'control')).toEqual({ key: 'control', path: '/seller/control', label: 'Instituições' });
    expect(menuFor('director').find((e) => e.key === 'providers')).toEqual({ key: 'providers', path: '/dashboard/providers', label: 'Fornecedores' });
  });

  it('every type has a menu and every key in it is a real entry', () => {
    const known = new Set(MENU_ENTRIES.map((e) => e.key));
    for (const type of USER_TYPES) {
      expect(MENU_BY_TYPE[type].length, type).toBeGreaterThan(0);
      for (const k of MENU_BY_TYPE[type]) expect(known.has(k), `${type}: ${k}`).toBe(true);
      expect(keys(type).slice(0, 2)).toEqual(['dashboard', 'profile']);
    }
  });
});

describe('type groups', () => {
  it('classifies staff, provider and seller types', () => {
    expect(USER_TYPES.filter(isStaff)).toEqual(['admin', 'director', 'manager', 'curator', 'review']);
    expect(USER_TYPES.filter(isProviderType)).toEqual(['provider', 'serviceProvider', 'editor']);
    expect(USER_TYPES.filter(isSellerType)).toEqual(['seller', 'seller_assistent', 'seller_content_manager']);
  });
});

describe('account management (spec 1 §6)', () => {
  it('lists the types each role may create', () => {
    expect(manageableTypes('admin')).toEqual(['admin', 'director', 'manager', 'curator', 'review']);
    expect(manageableTypes('director')).toEqual(['manager', 'curator', 'review']);
    expect(manageableTypes('provider')).toEqual(['serviceProvider', 'editor']);
    expect(manageableTypes('seller')).toEqual(['seller_content_manager', 'seller_assistent']);
    for (const type of ['manager', 'curator', 'review', 'serviceProvider', 'editor', 'seller_assistent', 'seller_content_manager', 'client', 'user'] as const) {
      expect(manageableTypes(type), type).toEqual([]);
    }
  });

  const actor = (id: number, type: UserType, providerId: number | null = null, sellerId: number | null = null): Actor => ({ id, type, providerId, sellerId });

  it('staff manage the types they may create, anywhere, but never themselves', () => {
    const admin = actor(1, 'admin');
    expect(canManageUser(admin, actor(2, 'director'))).toBe(true);
    expect(canManageUser(admin, actor(3, 'admin'))).toBe(true);
    expect(canManageUser(admin, actor(1, 'admin'))).toBe(false);
    expect(canManageUser(admin, actor(4, 'seller', null, 7))).toBe(false);
    expect(canManageUser(admin, actor(5, 'editor', 3))).toBe(false);
    const director = actor(10, 'director');
    expect(canManageUser(director, actor(11, 'curator'))).toBe(true);
    expect(canManageUser(director, actor(12, 'admin'))).toBe(false);
    expect(canManageUser(director, actor(13, 'director'))).toBe(false);
  });

  it('a provider manages only its own team, a seller only its own institution', () => {
    const provider = actor(20, 'provider', 5);
    expect(canManageUser(provider, actor(21, 'editor', 5))).toBe(true);
    expect(canManageUser(provider, actor(22, 'serviceProvider', 5))).toBe(true);
    expect(canManageUser(provider, actor(23, 'editor', 6))).toBe(false);
    expect(canManageUser(provider, actor(24, 'editor', null))).toBe(false);
    expect(canManageUser(actor(25, 'provider', null), actor(26, 'editor', null))).toBe(false);

    const seller = actor(30, 'seller', null, 8);
    expect(canManageUser(seller, actor(31, 'seller_assistent', null, 8))).toBe(true);
    expect(canManageUser(seller, actor(32, 'seller_content_manager', null, 8))).toBe(true);
    expect(canManageUser(seller, actor(33, 'seller_assistent', null, 9))).toBe(false);
    expect(canManageUser(seller, actor(34, 'seller', null, 8))).toBe(false);
    expect(canManageUser(actor(35, 'seller', null, null), actor(36, 'seller_assistent', null, null))).toBe(false);
  });

  it('types without a team manage no one', () => {
    for (const type of ['manager', 'curator', 'review', 'editor', 'seller_assistent', 'client', 'user'] as const) {
      expect(canManageUser(actor(40, type, 5, 8), actor(41, 'seller_assistent', 5, 8)), type).toBe(false);
      expect(canManageUser(actor(40, type, 5, 8), actor(42, 'editor', 5, 8)), type).toBe(false);
    }
  });

  it('anyone views oneself; admin and director view anyone; others only whom they manage', () => {
    expect(canViewUser(actor(1, 'client'), actor(1, 'client'))).toBe(true);
    expect(canViewUser(actor(1, 'admin'), actor(2, 'seller', null, 8))).toBe(true);
    expect(canViewUser(actor(1, 'director'), actor(2, 'editor', 4))).toBe(true);
    expect(canViewUser(actor(3, 'seller', null, 8), actor(4, 'seller_assistent', null, 8))).toBe(true);
    expect(canViewUser(actor(3, 'seller', null, 8), actor(5, 'seller_assistent', null, 9))).toBe(false);
    expect(canViewUser(actor(6, 'provider', 4), actor(7, 'admin'))).toBe(false);
    expect(canViewUser(actor(8, 'manager'), actor(9, 'curator'))).toBe(false);
  });
});
