import { ZLogin, ZTacCode } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/**
 * The login form's checks: the login, and the unlock code a login past the account's ceiling of failures
 * needs (decision 43). A module of its own so that zod and the contracts' schemas come after the form's
 * first paint (LoginPage.tsx, §89).
 */
export const ZLoginForm = ZLogin.extend({ unlockCode: z.union([z.literal(''), ZTacCode]) });
export type TLoginForm = z.infer<typeof ZLoginForm>;

export const loginFormResolver = zodResolver(ZLoginForm);
