import { describe, expect, it } from 'vitest';
import { preloaderSource } from './vite-route-preload';

interface FakeLink {
  rel?: string;
  as?: string;
  crossOrigin?: string;
  href?: string;
}

const table = {
  '/pages/home/home': [
    'assets/a.js',
    'assets/a.css',
    'assets/b.js',
    'assets/c.js',
    'assets/d.js',
    'assets/e.js',
    'assets/f.js',
  ],
};
const boot = ['assets/boot.js', 'assets/b.js'];
const texts = { 'en-US': ['assets/en-US.js'], de: ['assets/de.js'] };

/** Runs the script as index.html would, in a page of fakes; `postTask` absent: a browser without it. */
function run(options: { hash: string; stored?: Record<string, string>; postTask?: boolean }) {
  const head: FakeLink[] = [];
  const posted: Array<{ task: () => void; priority: string | undefined }> = [];
  const scheduler = options.postTask
    ? {
        postTask: (task: () => void, o?: { priority?: string }) =>
          posted.push({ task, priority: o?.priority }),
      }
    : undefined;
  const stored = options.stored ?? {};
  new Function(
    'window',
    'scheduler',
    'location',
    'localStorage',
    'document',
    preloaderSource(table, boot, texts),
  )(
    { scheduler },
    scheduler,
    { hash: options.hash },
    { getItem: (key: string) => stored[key] ?? null },
    { createElement: () => ({}) as FakeLink, head: { appendChild: (link: FakeLink) => head.push(link) } },
  );
  return { head, posted };
}

describe('route preload script', () => {
  it('adds the landing page’s links five per task, at user-blocking priority', () => {
    const { head, posted } = run({ hash: '#/pages/home/home', postTask: true });
    expect(head).toEqual([]);
    expect(posted.map((p) => p.priority)).toEqual(['user-blocking', 'user-blocking']);
    posted[0]?.task();
    expect(head).toHaveLength(5);
    posted[1]?.task();
    expect(head.map((l) => l.href)).toEqual(table['/pages/home/home'].map((f) => `/${f}`));
    expect(head[1]).toEqual({ rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/a.css' });
    expect(head[0]).toEqual({ rel: 'modulepreload', crossOrigin: '', href: '/assets/a.js' });
  });

  it('adds them all at once where postTask is missing', () => {
    const { head } = run({ hash: '#/pages/home/home' });
    expect(head).toHaveLength(7);
  });

  it('adds the boot files and the stored language’s texts for a stored session, each once', () => {
    const { head } = run({
      hash: '#/pages/home/home?x=1',
      stored: { isLogin: 'true', userInfo: '{}', lang: 'de' },
    });
    expect(head.map((l) => l.href).slice(7)).toEqual(['/assets/boot.js', '/assets/de.js']);
  });

  it('adds nothing on a page that is not a landing page', () => {
    const { head, posted } = run({ hash: '#/pages/Wallet/Wallet', postTask: true });
    expect([head, posted]).toEqual([[], []]);
  });
});
