import type { TAdminSlide } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fieldById, recordWrites, setUpFormTests } from '../../../test/form-writes';
import { renderPage } from '../../../test/render-page';
import { SlideForm } from './SlideForm';

const slide: TAdminSlide = {
  id: '6a1f0c2e-4b7d-4c1e-9a55-0f6c2d8b9e02',
  imageUrl: '/api/uploads/0b9e8c1a-1111-4c1e-9a55-0f6c2d8b9e03',
  uploadId: '0b9e8c1a-1111-4c1e-9a55-0f6c2d8b9e03',
  uploadTranslations: { 'zh-CN': '0b9e8c1a-2222-4c1e-9a55-0f6c2d8b9e04' },
  alt: { 'en-US': 'AI trading bots', 'zh-CN': 'AI 交易机器人' },
  link: null,
  position: 0,
  createdAt: '2026-11-27T02:00:00.000Z',
};

const GERMAN_PICTURE = '0b9e8c1a-3333-4c1e-9a55-0f6c2d8b9e05';

/** The tab panel of one language: what its tab shows. */
function panelOf(lang: string): HTMLElement {
  const panel = input(`field-alt-${lang}`).closest('.adm-tabs-content, [role="tabpanel"]');
  if (!(panel instanceof HTMLElement)) throw new Error(`no panel for ${lang}`);
  return panel;
}

const serve = () =>
  recordWrites(
    (body) => ({ ...slide, ...body }),
    (url) =>
      url.pathname === '/api/uploads'
        ? { body: { id: GERMAN_PICTURE, url: `/api/uploads/${GERMAN_PICTURE}` } }
        : undefined,
  );
const input = (id: string) => fieldById(id);

setUpFormTests();

describe('the admin slide form', () => {
  it("edits the picture's description per language and keeps the ones written", async () => {
    const sent = serve();
    const onClose = vi.fn();
    renderPage('/admin', '/admin', <SlideForm item={slide} onClose={onClose} />);
    expect(input('field-alt-zh-CN').value).toBe('AI 交易机器人');
    fireEvent.click(screen.getByTestId('language-tab-de'));
    fireEvent.change(input('field-alt-de'), { target: { value: 'KI-Trading-Bots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', path: `/api/admin/slides/${slide.id}` });
    expect(sent[0]?.body.alt).toEqual({
      'en-US': 'AI trading bots',
      'zh-CN': 'AI 交易机器人',
      de: 'KI-Trading-Bots',
    });
    // The Chinese picture is kept as it was.
    expect(sent[0]?.body.uploadTranslations).toEqual(slide.uploadTranslations);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('gives a language a picture of its own and takes one away, the English picture staying', async () => {
    const sent = serve();
    renderPage('/admin', '/admin', <SlideForm item={slide} onClose={vi.fn()} />);
    fireEvent.click(screen.getByTestId('language-tab-de'));
    const german = within(panelOf('de'));
    expect(german.getByText(/members see the English picture/)).toBeTruthy();
    const png = new File([new Uint8Array(100)], 'de.png', { type: 'image/png' });
    fireEvent.change(german.getByTestId('upload-input'), { target: { files: [png] } });
    await waitFor(() => expect(german.getByTestId('upload-thumbnail')).toBeTruthy());
    fireEvent.click(screen.getByTestId('language-tab-zh-CN'));
    fireEvent.click(within(panelOf('zh-CN')).getByTestId('upload-remove'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent.filter((c) => c.path.startsWith('/api/admin'))).toHaveLength(1));
    const saved = sent.find((c) => c.path.startsWith('/api/admin'));
    expect(saved?.body.uploadId).toBe(slide.uploadId);
    expect(saved?.body.uploadTranslations).toEqual({ de: GERMAN_PICTURE });
  });

  it('refuses a slide described in no English, says why, and sends nothing', async () => {
    const sent = serve();
    renderPage('/admin', '/admin', <SlideForm item={{ ...slide, alt: { 'en-US': '' } }} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByTestId('field-alt-en-US-message');
    expect(message.textContent).toBe(
      'Please write the English text: members whose language is missing read it.',
    );
    // Each language's picture shows its label and its hint once, as in the news form.
    const english = within(panelOf('en-US'));
    expect(english.getAllByText('Picture')).toHaveLength(1);
    expect(english.getAllByText(/JPEG, PNG or WebP/)).toHaveLength(1);
    expect(screen.getAllByText('Picture')).toHaveLength(5);
    expect(sent).toEqual([]);
  });
});
