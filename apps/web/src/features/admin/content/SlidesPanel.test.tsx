import { ContentAdminEndpoints, type TAdminSlide } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/render-page';
import { SlidesPanel } from './SlidesPanel';

const slide = (id: string, uploadTranslations: TAdminSlide['uploadTranslations']): TAdminSlide => ({
  id,
  imageUrl: `/api/uploads/${id}`,
  alt: { 'en-US': `Slide ${id}` },
  link: null,
  position: Number(id),
  uploadId: id,
  uploadTranslations,
  createdAt: '2026-01-02T10:00:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the admin slide list', () => {
  it('names the languages that show a picture of their own, and nothing where all see the English one', async () => {
    const items = [slide('1', { de: '7', 'zh-CN': '8' }), slide('2', {})];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeApi((url) =>
          url.pathname === ContentAdminEndpoints.adminSlides.path ? { body: { items } } : undefined,
        ),
      ),
    );
    renderPage('/admin/content', '/admin/content', <SlidesPanel />);
    const own = await screen.findByTestId('slide-own-pictures');
    // In the order of the language list, as the Languages column names them.
    expect(own.textContent).toBe('Own picture: zh-CN de');
    expect(screen.getAllByTestId('slide-own-pictures')).toHaveLength(1);
    const second = screen.getByText('Slide 2').closest('tr');
    expect(second && within(second).queryByTestId('slide-own-pictures')).toBeNull();
  });
});
