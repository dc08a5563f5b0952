import type { TUserInfo } from '@app/contracts';
import type { Client } from './test-app';

/**
 * Signs a client in as the demo admin, with the second factor and a fresh step-up (decision 45), so the
 * generated requests reach the schema of every admin route, money routes included.
 */
export async function loginAdmin(client: Client): Promise<TUserInfo> {
  return client.loginAdmin();
}
