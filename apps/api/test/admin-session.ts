import type { TUserInfo } from '@app/contracts';
import type { Client } from './test-app';

/**
 * Signs a client in as the demo admin. The one place the generated tests log an admin in: when admin login
 * gains its second factor, this is what changes.
 */
export async function loginAdmin(client: Client): Promise<TUserInfo> {
  return client.login('admin', 'Admin12345');
}
