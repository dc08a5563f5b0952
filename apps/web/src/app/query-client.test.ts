import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { createQueryClient, refetchOnLanguageChange } from './query-client';

describe('refetchOnLanguageChange', () => {
  it('marks every cached answer stale when the language changes, so server texts come again', async () => {
    const client = createQueryClient();
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en-US', resources: {} });
    refetchOnLanguageChange(client, i18n, 'en-US');
    client.setQueryData(['content', 'home'], { news: [] });
    expect(client.getQueryState(['content', 'home'])?.isInvalidated).toBe(false);
    await i18n.changeLanguage('de');
    expect(client.getQueryState(['content', 'home'])?.isInvalidated).toBe(true);
  });

  it('leaves the cache alone when the language that comes on is the one the calls were asked in', async () => {
    const client = createQueryClient();
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en-US', resources: {} });
    refetchOnLanguageChange(client, i18n, 'de');
    client.setQueryData(['content', 'home'], { news: [] });
    await i18n.changeLanguage('de');
    expect(client.getQueryState(['content', 'home'])?.isInvalidated).toBe(false);
    await i18n.changeLanguage('fr');
    expect(client.getQueryState(['content', 'home'])?.isInvalidated).toBe(true);
  });
});
