import {
  HandRegisteredPaths,
  LiveEventTypes,
  type TLiveEventOf,
  type TLiveEventType,
  ZLiveEvent,
} from '@app/contracts';
import { useEffect, useRef } from 'react';
import { queryClient } from './query-client';
import { session } from './session';

type Handler = (event: never) => void;

const handlers = new Map<TLiveEventType, Set<Handler>>();
let source: EventSource | null = null;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let reopenDelayMs = 0;
let started = false;
/** Whether the stream was open before: a reconnection may have missed events. */
let wasOpen = false;

const FIRST_REOPEN_MS = 3_000;
const LONGEST_REOPEN_MS = 60_000;

function dispatch(type: TLiveEventType, data: string): void {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return;
  }
  const parsed = ZLiveEvent.safeParse(event);
  if (!parsed.success || parsed.data.type !== type) return;
  for (const handler of handlers.get(type) ?? []) (handler as (event: unknown) => void)(parsed.data);
}

function close(): void {
  clearTimeout(reopenTimer);
  reopenTimer = undefined;
  source?.close();
  source = null;
  wasOpen = false;
  reopenDelayMs = 0;
}

function open(): void {
  if (source || typeof EventSource === 'undefined') return;
  const next = new EventSource(HandRegisteredPaths.events);
  source = next;
  for (const type of LiveEventTypes) {
    next.addEventListener(type, (message) => dispatch(type, (message as MessageEvent<string>).data));
  }
  next.onopen = () => {
    reopenDelayMs = 0;
    // Events sent while the stream was down are gone: refetch what is on screen instead.
    if (wasOpen) void queryClient.invalidateQueries({ refetchType: 'active' });
    wasOpen = true;
  };
  next.onerror = () => {
    // While CONNECTING the browser retries by itself. CLOSED means it gave up (the server answered with an
    // error, e.g. 503 while the database is unreachable): try again later, waiting longer each time.
    if (next.readyState !== EventSource.CLOSED || source !== next) return;
    source = null;
    reopenDelayMs = Math.min(reopenDelayMs ? reopenDelayMs * 2 : FIRST_REOPEN_MS, LONGEST_REOPEN_MS);
    reopenTimer = setTimeout(() => {
      reopenTimer = undefined;
      if (session.get().isLogin) open();
    }, reopenDelayMs);
  };
}

/** One stream per tab, while signed in: opened at the first listener, closed on logout. */
function start(): void {
  if (started) return;
  started = true;
  session.subscribe(() => (session.get().isLogin ? open() : close()));
}

/**
 * Calls `handler` with every live event of `type` the server sends this member (see ZLiveEvent). The
 * handler may change between renders without reopening anything.
 */
export function useLiveEvent<T extends TLiveEventType>(
  type: T,
  handler: (event: TLiveEventOf<T>) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    start();
    if (session.get().isLogin) open();
    const listener: Handler = (event) => latest.current(event as TLiveEventOf<T>);
    const set = handlers.get(type) ?? new Set();
    set.add(listener);
    handlers.set(type, set);
    return () => {
      set.delete(listener);
    };
  }, [type]);
}
