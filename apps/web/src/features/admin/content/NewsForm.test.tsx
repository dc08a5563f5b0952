import { ContentAdminEndpoints, type TAdminNewsItem } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fieldById, recordWrites, setUpFormTests } from '../../../test/form-writes';
import { renderPage } from '../../../test/render-page';
import { NewsForm } from './NewsForm';

const saved = (body: Record<string, unknown>): TAdminNewsItem => ({
  id: '3f1c6a2e-4b7d-4c1e-9a55-0f6c2d8b9e01',
  title: body.title as TAdminNewsItem['title'],
  summary: body.summary as TAdminNewsItem['summary'],
  body: body.body as TAdminNewsItem['body'],
  coverUrl: null,
  coverUploadId: null,
  important: false,
  clickCount: 0,
  publishedAt: null,
  createdAt: '2026-11-27T02:00:00.000Z',
  updatedAt: '2026-11-27T02:00:00.000Z',
});

const serve = () => recordWrites(saved);
const field = (id: string) => fieldById<HTMLElement>(id);
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const tab = (lang: string) => fireEvent.click(screen.getByTestId(`language-tab-${lang}`));

setUpFormTests();

describe('the admin news form', () => {
  it('writes a tab per language and sends only the languages filled in, English required', async () => {
    const sent = serve();
    const onClose = vi.fn();
    renderPage('/admin', '/admin', <NewsForm item={null} onClose={onClose} />);
    for (const lang of ['en-US', 'zh-CN', 'bm-MY', 'de', 'fr']) {
      expect(screen.getByTestId(`language-tab-${lang}`)).toBeTruthy();
    }
    type('field-title-en-US', 'Gate bots are live');
    fireEvent.change(field('field-body-en-US'), { target: { value: 'In English.' } });
    tab('de');
    type('field-title-de', 'Gate-Bots sind live');
    fireEvent.change(field('field-body-de'), { target: { value: 'Auf Deutsch.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', path: ContentAdminEndpoints.adminNews.path });
    expect(sent[0]?.body.title).toEqual({ 'en-US': 'Gate bots are live', de: 'Gate-Bots sind live' });
    expect(sent[0]?.body.body).toEqual({ 'en-US': 'In English.', de: 'Auf Deutsch.' });
    expect(sent[0]?.body.summary).toEqual({ 'en-US': '' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('names the cover picture once: the legend, and the picker takes it as its name', () => {
    renderPage('/admin', '/admin', <NewsForm item={null} onClose={vi.fn()} />);
    expect(screen.getAllByText('Cover picture (optional)')).toHaveLength(1);
    expect(screen.getByLabelText('Cover picture (optional)').getAttribute('type')).toBe('file');
  });

  it('refuses to send without English, says why, and opens the English tab', async () => {
    const sent = serve();
    renderPage('/admin', '/admin', <NewsForm item={null} onClose={() => {}} />);
    tab('fr');
    type('field-title-fr', 'Les bots Gate sont en ligne');
    fireEvent.change(field('field-body-fr'), { target: { value: 'En français.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const message = await screen.findByTestId('field-title-en-US-message');
    expect(message.textContent).toBe(
      'Please write the English text: members whose language is missing read it.',
    );
    await waitFor(() =>
      expect(
        screen.getByTestId('language-tab-en-US').closest('[role="tab"]')?.getAttribute('aria-selected'),
      ).toBe('true'),
    );
    expect(sent).toEqual([]);
  });

  it('edits an item with every language it has, and keeps them', async () => {
    const sent = serve();
    const item = saved({
      title: { 'en-US': 'Hello', 'zh-CN': '你好' },
      summary: { 'en-US': '' },
      body: { 'en-US': 'Body.', 'zh-CN': '正文。' },
    });
    renderPage('/admin', '/admin', <NewsForm item={item} onClose={() => {}} />);
    expect((field('field-title-zh-CN') as HTMLInputElement).value).toBe('你好');
    expect((field('field-title-de') as HTMLInputElement).value).toBe('');
    tab('de');
    type('field-title-de', 'Hallo');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', path: `/api/admin/news/${item.id}` });
    expect(sent[0]?.body.title).toEqual({ 'en-US': 'Hello', 'zh-CN': '你好', de: 'Hallo' });
    expect(sent[0]?.body.body).toEqual({ 'en-US': 'Body.', 'zh-CN': '正文。' });
  });
});
