/** The query key of the signed-in member (use-me.ts), apart so the login page can set it without the query. */
export const meKey = ['me'] as const;
