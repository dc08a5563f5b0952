import './zod-messages';
import { type TUserInfo, ZUserInfo } from '@app/contracts';

/**
 * The stored userInfo checked against the current shape. Its own chunk with zod: the first thing the app
 * loads besides the entry, in parallel with the language file (main.tsx), which also sets zod's messages
 * (zod-messages) before any form can validate.
 */
export function checkUserInfo(value: unknown): TUserInfo | null {
  const parsed = ZUserInfo.safeParse(value);
  return parsed.success ? parsed.data : null;
}
