import { describe, expect, it } from 'vitest';
import { drawsGlyphs } from './demo-banners';

describe('whether a font draws the banner words', () => {
  it('says yes for Latin and, with fonts-noto-cjk installed (here and in CI), for Chinese', async () => {
    expect(await drawsGlyphs('Ab')).toBe(true);
    expect(await drawsGlyphs('交易')).toBe(true);
  });

  it('says no for characters no font has, which would be drawn as tofu boxes', async () => {
    // U+0380 and U+0381 are unassigned, like the U+0378 the check compares with, but other boxes.
    expect(await drawsGlyphs('\u0380\u0381')).toBe(false);
  });
});
