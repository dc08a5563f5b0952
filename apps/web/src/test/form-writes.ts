import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeApi } from './render-page';

/** One write a form sent to the API. */
export interface SentWrite {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

type Answer = { status?: number; body: unknown } | undefined;

/**
 * Stubs fetch for an admin form's test: a request `other` answers (reads, an upload) gets that answer; every
 * other POST and PUT is recorded (in the returned list, in order) and answered with `saved(body)`, as the API
 * answers with the stored item; anything else is a 404.
 */
export function recordWrites(
  saved: (body: Record<string, unknown>) => unknown,
  other: (url: URL) => Answer = () => undefined,
): SentWrite[] {
  const sent: SentWrite[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        const answer = other(url);
        if (answer || (init.method !== 'POST' && init.method !== 'PUT')) return answer;
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push({ method: init.method, path: url.pathname, body });
        return { body: saved(body) };
      }),
    ),
  );
  return sent;
}

/** The form field with this element id (a test fails at once, naming it, when it is missing). */
export function fieldById<T extends HTMLElement = HTMLInputElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no field ${id}`);
  return el as T;
}

/**
 * The hooks every admin form test needs, registered for the file that calls this at its top: the form's
 * success toast kept out of the DOM (it outlives the test), and the fetch stub and spies undone after each.
 */
export function setUpFormTests(): void {
  beforeEach(() => {
    vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
