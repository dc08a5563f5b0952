import { describe, expect, it } from 'vitest';
import { likePrefix } from './like';

describe('likePrefix', () => {
  it('escapes the pattern characters of the text and matches what starts with it', () => {
    expect(likePrefix('ali')).toBe('ali%');
    expect(likePrefix('a%b_c\\d')).toBe('a\\%b\\_c\\\\d%');
    expect(likePrefix('')).toBe('%');
  });
});
