import { AuthEndpoints, type TEnquiryThread } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { member, type SeenRequest, seen } from '../../test/wallet-fixtures';
import EnquiryThreadPage from './EnquiryThreadPage';

const at = '2026-11-23T09:30:00.000Z';
const openThread = (): TEnquiryThread => ({
  enquiry: {
    id: '7',
    category: 'deposit',
    subject: 'Deposit not credited',
    status: 'answered',
    createdAt: at,
    lastMessageAt: at,
    closedAt: null,
  },
  messages: [
    { id: '1', fromStaff: false, text: 'Where is my deposit?', pictureUrl: null, createdAt: at },
    { id: '2', fromStaff: true, text: 'We are checking it.', pictureUrl: null, createdAt: at },
  ],
});

let requests: SeenRequest[];
let thread: TEnquiryThread;

beforeEach(() => {
  // jsdom lays nothing out, so it has no scrollIntoView; the chat calls it to show the newest message.
  Element.prototype.scrollIntoView = vi.fn();
  requests = [];
  thread = openThread();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        const request = seen(url, init);
        requests.push(request);
        if (url.pathname === AuthEndpoints.me.path) return { body: member };
        if (url.pathname === '/api/support/enquiries/7' && request.method === 'GET') return { body: thread };
        if (url.pathname === '/api/support/enquiries/7/messages') {
          const { text } = request.body as { text: string };
          thread = {
            enquiry: { ...thread.enquiry, status: 'open' },
            messages: [
              ...thread.messages,
              { id: '3', fromStaff: false, text, pictureUrl: null, createdAt: at },
            ],
          };
          return { body: thread };
        }
        if (url.pathname === '/api/support/enquiries/8') {
          return { status: 404, body: { code: 'ENQUIRY_NOT_FOUND', message: 'No such enquiry' } };
        }
        return undefined;
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const path = '/pages/personal/CustomerServiceMsg';

describe('an enquiry’s chat', () => {
  it('shows both sides, refuses an empty message without sending it, and sends a written one', async () => {
    renderPage(path, `${path}?id=7`, <EnquiryThreadPage />);
    expect(await screen.findByText('Where is my deposit?')).toBeTruthy();
    expect(screen.getByText('You')).toBeTruthy();
    expect(screen.getByText('Customer service')).toBeTruthy();
    expect(screen.getByTestId('enquiry-status').textContent).toBe('Replied');

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByTestId('chat-error')).textContent).toBe('Write a message or add a picture.');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Thank you' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('enquiry-status').textContent).toBe('Awaiting reply'));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, r.body])).toEqual([
      ['/api/support/enquiries/7/messages', { text: 'Thank you' }],
    ]);
  });

  it('has no composer once the enquiry is closed', async () => {
    thread = { ...openThread(), enquiry: { ...openThread().enquiry, status: 'closed', closedAt: at } };
    renderPage(path, `${path}?id=7`, <EnquiryThreadPage />);
    expect(await screen.findByTestId('enquiry-closed-note')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.queryByTestId('enquiry-close')).toBeNull();
  });

  it('says so when the enquiry is not the member’s (or does not exist)', async () => {
    renderPage(path, `${path}?id=8`, <EnquiryThreadPage />);
    expect((await screen.findByTestId('enquiry-not-found')).textContent).toContain(
      'This enquiry was not found.',
    );
  });
});
