/** The demo accounts (README): one per user type, all with the same password. Pure constants. */
import type { UserType } from '@edu/shared/access';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_DOMAIN = 'demo.sabercompartilhado.com.br';
export const demoEmail = (local: string) => `${local}@${DEMO_DOMAIN}`;

/** The e-mail local part of the demo account of each user type. */
export const DEMO_LOGIN_BY_TYPE: Record<UserType, string> = {
  admin: 'admin',
  director: 'director',
  manager: 'manager',
  curator: 'curator',
  review: 'review',
  provider: 'provider',
  serviceProvider: 'serviceprovider',
  editor: 'editor',
  seller: 'seller',
  seller_assistent: 'seller.assistente',
  seller_content_manager: 'seller.conteudo',
  client: 'client',
  user: 'user',
};

/** The demo institution's CNPJ (Faculdade Vale do Saber): how the AI rule recognises it on the embedded default. */
export const DEMO_SELLER_CNPJ = '04252011000110';
