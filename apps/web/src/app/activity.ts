import { useSyncExternalStore } from 'react';

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

export function useBusy(): boolean {
  return useSyncExternalStore(activity.subscribe, () => inFlight > 0);
}
