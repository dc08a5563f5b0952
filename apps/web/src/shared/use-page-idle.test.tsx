import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageIdle, whenUserEngages } from './use-page-idle';

function Probe() {
  return <span data-testid="idle">{String(usePageIdle())}</span>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usePageIdle', () => {
  it('turns true only when the browser reports an idle moment', () => {
    const callbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => callbacks.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => {});
    render(<Probe />);
    // jsdom's document has loaded: the wait is for the idle callback alone.
    expect(screen.getByTestId('idle').textContent).toBe('false');
    expect(callbacks).toHaveLength(1);
    act(() => callbacks[0]?.());
    expect(screen.getByTestId('idle').textContent).toBe('true');
  });
});

describe('whenUserEngages', () => {
  it('runs once, at the first touch, key or focus, and not while the page only loads', () => {
    for (const event of [new Event('pointerdown'), new KeyboardEvent('keydown'), new FocusEvent('focusin')]) {
      const run = vi.fn();
      whenUserEngages(run);
      window.dispatchEvent(new Event('load'));
      window.dispatchEvent(new Event('scroll'));
      expect(run).not.toHaveBeenCalled();
      document.body.dispatchEvent(new Event(event.type, { bubbles: true }));
      document.body.dispatchEvent(new Event(event.type, { bubbles: true }));
      expect(run).toHaveBeenCalledTimes(1);
    }
  });

  it('does nothing once cancelled', () => {
    const run = vi.fn();
    const cancel = whenUserEngages(run);
    cancel();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(run).not.toHaveBeenCalled();
  });
});
