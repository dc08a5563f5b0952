import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageIdle } from './use-page-idle';

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
