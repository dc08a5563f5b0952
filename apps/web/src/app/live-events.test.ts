import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { member } from '../test/wallet-fixtures';
import { useLiveEvent } from './live-events';
import { session } from './session';

/** The browser's EventSource, as far as the module uses it: jsdom has none. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(message: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server sends `event: <type>` with `data`. */
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

const latest = () => FakeEventSource.made.at(-1);

beforeEach(() => {
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  act(() => session.signOut());
  vi.unstubAllGlobals();
});

describe('live events in the browser', () => {
  it('opens no stream for a visitor', () => {
    renderHook(() => useLiveEvent('notification', () => {}));
    expect(FakeEventSource.made).toEqual([]);
  });

  it('shares one stream per tab and hands each listener the events of its type', () => {
    act(() => session.signIn(member));
    const notified = vi.fn();
    const enquiries = vi.fn();
    renderHook(() => {
      useLiveEvent('notification', notified);
      useLiveEvent('enquiry', enquiries);
    });
    renderHook(() => useLiveEvent('notification', notified));
    expect(FakeEventSource.made).toHaveLength(1);
    expect(latest()?.url).toBe('/api/events');

    latest()?.emit('notification', '{"type":"notification"}');
    latest()?.emit('enquiry', '{"type":"enquiry","enquiryId":"7"}');
    // Not what the contract says: dropped.
    latest()?.emit('enquiry', '{"type":"enquiry"}');
    latest()?.emit('notification', 'not json');
    expect(notified).toHaveBeenCalledTimes(2);
    expect(enquiries.mock.calls).toEqual([[{ type: 'enquiry', enquiryId: '7' }]]);
  });

  it('closes the stream on logout and opens a new one at the next login', () => {
    act(() => session.signIn(member));
    const handler = vi.fn();
    renderHook(() => useLiveEvent('notification', handler));
    const first = latest();
    expect(first?.readyState).toBe(FakeEventSource.CONNECTING);
    act(() => session.signOut());
    expect(first?.readyState).toBe(FakeEventSource.CLOSED);
    act(() => session.signIn(member));
    expect(latest()).not.toBe(first);
    latest()?.emit('notification', '{"type":"notification"}');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('tries again later when the browser gave up on the stream (the server answered with an error)', () => {
    vi.useFakeTimers();
    try {
      act(() => session.signIn(member));
      renderHook(() => useLiveEvent('notification', () => {}));
      const first = latest();
      if (!first) throw new Error('no stream');
      first.readyState = FakeEventSource.CLOSED;
      first.onerror?.();
      expect(latest()).toBe(first);
      vi.advanceTimersByTime(3_000);
      expect(latest()).not.toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });
});
