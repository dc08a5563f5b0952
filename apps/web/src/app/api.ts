import {
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  fillPath,
  responseSchemaOf,
} from '@app/contracts';
import type { z } from 'zod';
import { activity } from './activity';
import { ApiError } from './api-error';
import { reactToError } from './api-reactions';
import { requestLanguage } from './i18n';
import { STEP_UP_CODE, stepUp } from './step-up';

/** Spec section 9: every request gives up after 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000;

export type Query = Record<string, unknown>;

export interface CallOptions {
  query?: Query;
  /** No loading indicator (the spec's home coin-price call is the model). */
  silent?: boolean;
  /** Error codes the caller shows itself (inline in a form): no toast or modal for those. */
  handled?: readonly string[];
  /** TanStack Query's cancellation signal. */
  signal?: AbortSignal;
  /**
   * Requests that move money carry an Idempotency-Key: make one per user action (crypto.randomUUID())
   * and send the same one again when that action is retried, so it is applied once.
   */
  idempotencyKey?: string;
}

/** Fills `:name` segments of a path (a page path; API calls fill theirs in `api.call`). */
export function pathWith(path: string, params: Record<string, string>): string {
  return fillPath(path, params);
}

function urlOf(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function retryAfterOf(response: Response): number | undefined {
  const value = Number(response.headers.get('Retry-After'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

async function errorOf(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const fromBody = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const fallback =
    response.status === 404 ? 'NOT_FOUND' : response.status === 429 ? 'RATE_LIMITED' : 'INTERNAL';
  const code = typeof fromBody.code === 'string' ? fromBody.code : fallback;
  const details =
    typeof fromBody.details === 'object' && fromBody.details !== null
      ? (fromBody.details as Record<string, unknown>)
      : {};
  return new ApiError(response.status, code, details, retryAfterOf(response));
}

/** Our own 60 s timer plus the caller's cancellation, as one signal. */
function linkedSignal(caller: AbortSignal | undefined): {
  signal: AbortSignal;
  timedOut: () => boolean;
  done: () => void;
} {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (caller?.aborted) controller.abort();
  caller?.addEventListener('abort', onAbort);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A call; an admin money action refused for want of a fresh authenticator code asks for one (step-up.ts)
 * and is sent once more, the same request with the same Idempotency-Key.
 */
async function call<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S | ((status: number) => z.ZodType | undefined),
  body: unknown,
  options: CallOptions,
): Promise<z.output<S>> {
  if (!stepUp.available()) return callOnce(method, path, schema, body, options);
  try {
    return await callOnce(method, path, schema, body, {
      ...options,
      handled: [...(options.handled ?? []), STEP_UP_CODE],
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== STEP_UP_CODE || !(await stepUp.ask())) throw error;
    return callOnce(method, path, schema, body, options);
  }
}

async function callOnce<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S | ((status: number) => z.ZodType | undefined),
  body: unknown,
  options: CallOptions,
): Promise<z.output<S>> {
  const stop = options.silent ? () => {} : activity.start();
  const abort = linkedSignal(options.signal);
  // A FormData body (a file upload) is sent as multipart: fetch writes its Content-Type with the boundary.
  const isForm = body instanceof FormData;
  try {
    let response: Response;
    try {
      response = await fetch(urlOf(path, options.query), {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'Accept-Language': requestLanguage(),
          ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
          ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
        },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
        signal: abort.signal,
      });
    } catch {
      if (abort.timedOut()) throw new ApiError(0, 'TIMEOUT');
      throw new ApiError(0, abort.signal.aborted ? 'ABORTED' : 'NETWORK_ERROR');
    }
    if (!response.ok) throw await errorOf(response);
    const checker = typeof schema === 'function' ? schema(response.status) : schema;
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      // Cancelled while the body was still coming (a refetch replaced this call): not a server fault.
      if (abort.timedOut()) throw new ApiError(0, 'TIMEOUT');
      if (abort.signal.aborted) throw new ApiError(0, 'ABORTED');
      answer = undefined;
    }
    const parsed = checker?.safeParse(answer);
    // An answer that does not fit the contract is a server fault, not something to render.
    if (!parsed?.success) throw new ApiError(response.status, 'INTERNAL');
    return parsed.data as z.output<S>;
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(0, 'INTERNAL');
    reactToError(apiError, options.handled);
    throw apiError;
  } finally {
    abort.done();
    stop();
  }
}

/** What `api.call` takes: the endpoint's params, query and body (z.input of its schemas) and the call options. */
export type CallInput<E extends Endpoint> = EndpointInput<E> &
  Omit<CallOptions, 'query'> & {
    /** A file upload: sent as multipart instead of a JSON body (the server reads it itself). */
    form?: FormData;
  };

/** Calls of endpoints that need nothing (no params, no required query or body) may leave the input out. */
type InputArgs<E extends Endpoint> =
  object extends EndpointInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls one endpoint of the contracts (`WalletEndpoints.wallet`): its method and path, `:params` filled in,
 * the query and body as its schemas take them, and the answer checked against its response schema (per status).
 */
function callEndpoint<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>): Promise<EndpointResult<E>> {
  const { params, query, body, form, ...options } = (input ?? {}) as CallInput<Endpoint> & {
    params?: Record<string, unknown>;
    query?: Query;
    body?: unknown;
  };
  const path = fillPath(endpoint.path, params);
  const sendsBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  return call(
    endpoint.method,
    path,
    (status) => responseSchemaOf(endpoint, status),
    form ?? (sendsBody ? (body ?? {}) : undefined),
    { ...options, query },
  ) as Promise<EndpointResult<E>>;
}

/** The one way the web app talks to the API. Responses are checked against the shared contracts. */
export const api = {
  call: callEndpoint,
};
