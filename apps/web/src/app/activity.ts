import { useEffect, useState } from 'react';

/** How many non-silent requests are in flight: one top bar shows while it is above zero. */
let inFlight = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const activity = {
  start(): () => void {
    inFlight++;
    emit();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      inFlight--;
      emit();
    };
  },
  count: (): number => inFlight,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * Whether a request is in flight, for the bar. Not `useSyncExternalStore`: this store changes with every
 * request's start and end, and the shell that reads it is part of every render. A store read with that hook
 * must not change while a render is under way, or React throws the render away and does it again in one
 * synchronous task: the signed-in home's first render, time-sliced, was redone whole because its reads
 * ended meanwhile, a 200-600 ms task at Lighthouse's 4x CPU (issue 19, decision 101). Subscribed in an
 * effect instead, the bar shows a change on the next render: for a progress bar, a frame later is fine.
 */
export function useBusy(): boolean {
  const [busy, setBusy] = useState(() => inFlight > 0);
  useEffect(() => {
    const update = () => setBusy(inFlight > 0);
    // What changed between the render and this subscription.
    update();
    return activity.subscribe(update);
  }, []);
  return busy;
}
