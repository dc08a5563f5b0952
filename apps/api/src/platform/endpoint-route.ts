import { type Endpoint, type ResponseMapOf, responseMapOf } from '@app/contracts';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from './access';

/** The app a route plugin gets (FastifyPluginAsyncZod). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  RawReplyDefaultExpression<RawServerDefault>,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** An optional schema of the definition, without the `| undefined` of the optional property. */
type Present<S> = [NonNullable<S>] extends [never] ? undefined : NonNullable<S>;

/** The Fastify schema an endpoint definition stands for: request.params/query/body and the reply are typed by it. */
export interface EndpointSchema<E extends Endpoint> {
  params: Present<E['params']>;
  querystring: Present<E['query']>;
  body: Present<E['body']>;
  response: ResponseMapOf<E>;
  tags?: string[];
  description?: string;
  hide?: boolean;
}

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  RawReplyDefaultExpression<RawServerDefault>,
  RouteGenericInterface,
  FastifyContextConfig,
  EndpointSchema<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

export interface EndpointRouteOptions<E extends Endpoint> {
  /** Access is declared on every route (platform/access.ts); idempotency, step-up and rate limits as before. */
  config: FastifyContextConfig & { access: Access };
  /** OpenAPI grouping and text: server-only, so not part of the shared definition. */
  tags?: string[];
  description?: string;
  hide?: boolean;
  onRequest?: onRequestHookHandler;
  handler: EndpointHandler<E>;
}

/**
 * Registers one endpoint of the contracts (`Endpoints.x.y`): method, path and the params, querystring, body and
 * response schemas come from the definition, so the web and the server cannot pair them differently.
 */
export function route<E extends Endpoint>(app: ZodApp, endpoint: E, options: EndpointRouteOptions<E>): void {
  const { config, tags, description, hide, onRequest, handler } = options;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config,
    ...(onRequest ? { onRequest } : {}),
    schema: {
      ...(tags ? { tags } : {}),
      ...(description ? { description } : {}),
      ...(hide ? { hide } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: responseMapOf(endpoint),
    },
    // The handler's types come from EndpointSchema<E>; Fastify sees the same schemas at run time.
    handler: handler as RouteHandlerMethod,
  });
}
