import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactElement,
  Suspense,
  useState,
} from 'react';
import { ChunkBoundary } from '../shared/ChunkBoundary';
import { DelayedLoading } from '../shared/DelayedLoading';
import { allTextsReady } from './i18n';

/** Spec section 9: the loading view waits 200 ms; a page that has not loaded after 60 s has failed. */
export const LAZY_DELAY_MS = 200;
export const LAZY_TIMEOUT_MS = 60_000;

export type PageLoader = () => Promise<{ default: ComponentType }>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chunk load timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

// One lazy component per page, kept once loaded so the page never suspends again. React.lazy keeps a
// failed import for good, so a retry drops the entry and the next render makes a fresh one.
const components = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

function lazyComponent(load: PageLoader, timeoutMs: number): LazyExoticComponent<ComponentType> {
  let component = components.get(load);
  if (!component) {
    component = lazy(() => withTimeout(load(), timeoutMs));
    components.set(load, component);
  }
  return component;
}

export function LazyPage({ load, timeoutMs = LAZY_TIMEOUT_MS }: { load: PageLoader; timeoutMs?: number }) {
  const [, setAttempt] = useState(0);
  const Page = lazyComponent(load, timeoutMs);
  const retry = () => {
    components.delete(load);
    setAttempt((n) => n + 1);
  };
  return (
    <ChunkBoundary onRetry={retry}>
      <Suspense fallback={<DelayedLoading delayMs={LAZY_DELAY_MS} />}>
        <Page />
      </Suspense>
    </ChunkBoundary>
  );
}

// Each page gets a key of its own. Without it React sees every route's <LazyPage> at the same place as one
// component: the router's navigation runs in a transition, and a transition never hides a Suspense boundary
// that already shows content, so the old page (and the old tab highlighted) stayed until the new chunk came.
// A new boundary per page lets the navigation commit at once: the pressed tab turns active, and the
// loading view follows after LAZY_DELAY_MS.
let nextKey = 0;

function pageElement(load: PageLoader): ReactElement {
  nextKey++;
  return <LazyPage key={`page-${nextKey}`} load={load} />;
}

/**
 * The helper every page of the route table is loaded through: the page comes once its code and all of the
 * language's texts are there (the entry holds only the first view's, first-view-texts.ts).
 */
export function lazyPage(load: PageLoader): ReactElement {
  return pageElement(() => Promise.all([load(), allTextsReady()]).then(([page]) => page));
}

/** A page of the signed-out first view (login, intro): drawn with the entry's texts alone. */
export function firstViewPage(load: PageLoader): ReactElement {
  return pageElement(load);
}
