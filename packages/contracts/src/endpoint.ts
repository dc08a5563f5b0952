import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route answering with one schema (200), or a map of status -> schema (e.g. 200 done, 202 awaiting approval). */
export type ResponseSchemas = z.ZodType | { readonly [status: number]: z.ZodType };

/**
 * One API operation: method, path, request and response schemas. The server registers it
 * (apps/api platform/endpoint-route.ts) and the web calls it (apps/web app/api.ts `api.call`), so the
 * pairing of a path with its schemas is written once (decision 63).
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends ResponseSchemas = ResponseSchemas,
> {
  readonly method: M;
  readonly path: P;
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
  readonly response: Response;
}

export function defineEndpoint<
  const M extends HttpMethod,
  const P extends string,
  Response extends ResponseSchemas,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(definition: {
  method: M;
  path: P;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
}): Endpoint<M, P, Params, Query, Body, Response> {
  return definition;
}

/** The response schemas of an endpoint as a status map (a single schema answers 200). */
export type ResponseMapOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? { 200: E['response'] }
  : E['response'];

export function responseMapOf(endpoint: Endpoint): { readonly [status: number]: z.ZodType } {
  const response = endpoint.response;
  return isSchema(response) ? { 200: response } : response;
}

function isSchema(value: ResponseSchemas): value is z.ZodType {
  return typeof (value as { safeParse?: unknown }).safeParse === 'function';
}

/** What a call of the endpoint resolves to: the parsed (output) type of any of its 2xx answers. */
export type EndpointResult<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : {
      [S in keyof E['response']]: E['response'][S] extends z.ZodType ? z.output<E['response'][S]> : never;
    }[keyof E['response'] & SuccessStatus];

type SuccessStatus = 200 | 201 | 202 | 204;

/** The schema a successful answer with this status is checked against (the 200 one when the status has none). */
export function responseSchemaOf(endpoint: Endpoint, status: number): z.ZodType | undefined {
  const map = responseMapOf(endpoint);
  return map[status] ?? map[200];
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type Present<S> = NonNullable<S>;

/** A part the caller must give, may give (every field optional), or has none of. */
type Part<Name extends string, S> = [Present<S>] extends [never]
  ? { [K in Name]?: undefined }
  : undefined extends InputOf<Present<S>>
    ? { [K in Name]?: InputOf<Present<S>> }
    : object extends InputOf<Present<S>>
      ? { [K in Name]?: InputOf<Present<S>> }
      : { [K in Name]: InputOf<Present<S>> };

/** What a caller gives: params, query and body as the schemas accept them (z.input), where the endpoint has them. */
export type EndpointInput<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** Fills `:name` segments of a path. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}
