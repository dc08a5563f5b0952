/** The test apps' master key (secret box, TAC HMAC, recovery-code HMAC): fixed, tests only. */
export const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');
