import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activity, useBusy } from './activity';

function Busy() {
  return <p data-testid="busy">{String(useBusy())}</p>;
}

// The top bar's source: on while any non-silent request is in flight, off once the last has ended.
describe('useBusy', () => {
  it('is on from the first request to the end of the last', () => {
    render(<Busy />);
    expect(screen.getByTestId('busy').textContent).toBe('false');
    let first = () => {};
    let second = () => {};
    act(() => {
      first = activity.start();
      second = activity.start();
    });
    expect(screen.getByTestId('busy').textContent).toBe('true');
    act(() => first());
    expect(screen.getByTestId('busy').textContent).toBe('true');
    act(() => second());
    expect(screen.getByTestId('busy').textContent).toBe('false');
  });

  it('shows a request already in flight at its first render', () => {
    const done = activity.start();
    try {
      render(<Busy />);
      expect(screen.getByTestId('busy').textContent).toBe('true');
    } finally {
      act(() => done());
    }
    expect(screen.getByTestId('busy').textContent).toBe('false');
  });
});
