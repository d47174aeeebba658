/**
 * Providers: the admin list with counts, approval and rejection (with the access e-mail), the
 * Premium condition, and the provider data of Meu Perfil with its logo and cover.
 */
import type { Deps } from '../../platform/deps';
import { providerApprovalService } from './provider-approval';
import { providerListService } from './provider-list';
import { providerProfileService } from './provider-profile';

/** The providers' services together: the admin list, approval and condition, the profile (each its own factory and file). */
export function providersService(deps: Deps) {
  return { ...providerListService(deps), ...providerApprovalService(deps), ...providerProfileService(deps) };
}
