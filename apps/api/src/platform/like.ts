/**
 * A LIKE pattern matching what starts with `text`, its own wildcards (`%`, `_`) and the escape character
 * escaped: a search box cannot turn a prefix lookup (an index range) into a scan. Case is the caller's:
 * lower-case both sides for a case-insensitive match.
 */
export const likePrefix = (text: string): string => `${text.replace(/[\\%_]/g, '\\$&')}%`;
