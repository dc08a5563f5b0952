import type { TTickerEvent } from '@app/contracts';

export interface TickerSubscriber {
  /** A fresh set of prices. */
  send: (event: TTickerEvent) => void;
  /** The hub is shutting down: end the stream. */
  end: () => void;
}

export interface TickerHubOptions {
  /** Reads every symbol's price (the markets service's cached read). */
  read: () => Promise<TTickerEvent>;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * One poller for every open market stream: it reads the prices every `intervalMs` while at least one
 * subscriber listens and fans the same event out to all of them; with no one listening it stops polling.
 */
export function createTickerHub({ read, intervalMs = 2_000, onError }: TickerHubOptions) {
  const subscribers = new Set<TickerSubscriber>();
  let timer: NodeJS.Timeout | null = null;
  let last: TTickerEvent | null = null;
  let closed = false;
  let polling = false;

  async function poll(): Promise<void> {
    timer = null;
    if (polling || closed || subscribers.size === 0) return;
    polling = true;
    try {
      const event = await read();
      last = event;
      for (const subscriber of [...subscribers]) {
        try {
          subscriber.send(event);
        } catch (error) {
          // A stream that cannot be written to is gone; the others carry on.
          subscribers.delete(subscriber);
          onError?.(error);
        }
      }
    } catch (error) {
      // The source failed this round: the streams keep their last prices and the next round tries again.
      onError?.(error);
    } finally {
      polling = false;
      schedule();
    }
  }

  function schedule(): void {
    if (closed || subscribers.size === 0 || timer) return;
    timer = setTimeout(() => void poll(), intervalMs);
  }

  function stop(): void {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  return {
    /** Starts listening; the newest prices come at once when the hub has them. Returns the unsubscribe. */
    subscribe(subscriber: TickerSubscriber): () => void {
      if (closed) {
        subscriber.end();
        return () => {};
      }
      const first = subscribers.size === 0;
      subscribers.add(subscriber);
      if (first) {
        last = null;
        void poll();
      } else if (last) {
        subscriber.send(last);
      }
      return () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0) stop();
      };
    },
    get listeners(): number {
      return subscribers.size;
    },
    /** Whether a poll is scheduled (false once no one listens). */
    get active(): boolean {
      return timer !== null || polling;
    },
    /** Ends every stream and polls no more (server shutdown). */
    close(): void {
      closed = true;
      stop();
      for (const subscriber of subscribers) subscriber.end();
      subscribers.clear();
    },
  };
}

export type TickerHub = ReturnType<typeof createTickerHub>;
