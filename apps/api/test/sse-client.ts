/**
 * A Server-Sent Events reader for tests that talk to a real server over HTTP: it keeps the stream's events
 * by name and lets a test wait for the next one of a kind (a positive signal, never a sleep).
 */
export interface EventStreamClient {
  /** Names of the events received so far, in order. */
  readonly received: string[];
  /** Resolves when an event named `name` arrives after this call; rejects after `ms` or when the stream ends. */
  next: (name: string, ms: number) => Promise<void>;
  close: () => void;
}

/** Opens `url` as an event stream; resolves once the server answered 200 (and so has subscribed it). */
export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<EventStreamClient> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body) {
    abort.abort();
    throw new Error(`event stream refused: ${response.status} ${await response.text().catch(() => '')}`);
  }
  const received: string[] = [];
  const waiters = new Set<{ name: string; resolve: () => void; reject: (error: Error) => void }>();
  let ended: Error | undefined;

  const finish = (error: Error) => {
    ended = error;
    for (const waiter of waiters) waiter.reject(error);
    waiters.clear();
  };

  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        // One event per blank-line-separated block; only its `event:` line matters here.
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = block
            .split('\n')
            .find((line) => line.startsWith('event: '))
            ?.slice('event: '.length);
          if (name) {
            received.push(name);
            for (const waiter of [...waiters]) {
              if (waiter.name !== name) continue;
              waiters.delete(waiter);
              waiter.resolve();
            }
          }
          end = buffer.indexOf('\n\n');
        }
      }
      finish(new Error('event stream ended'));
    } catch (error) {
      finish(error as Error);
    }
  })();

  return {
    received,
    next: (name, ms) =>
      new Promise<void>((resolve, reject) => {
        if (ended) return reject(ended);
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(`no "${name}" event within ${ms} ms (received: ${received.join(', ') || 'none'})`),
          );
        }, ms);
        const waiter = {
          name,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
          reject: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        waiters.add(waiter);
      }),
    close: () => abort.abort(),
  };
}
