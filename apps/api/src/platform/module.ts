import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * What a module's create function (`modules/<name>/<name>.module.ts`) returns beside its services: the
 * registrar of its routes, which buildApp calls, and what must happen when the server closes. Services are
 * built once by the composition root (services.ts); the HTTP app only registers the routes it is given.
 */
export interface ModuleRoutes {
  /** Registers the module's routes on the app (each route declares its access; platform/access.ts). */
  routes(app: FastifyInstance): Promise<void>;
  /** Before the server closes: end open streams, which would otherwise keep it from closing. */
  preClose?(): Promise<void> | void;
  /** After the server closed: finish work still on its way (codes being mailed). */
  onClose?(): Promise<void> | void;
}

/** The part of a logger services write to (pino's and Fastify's loggers both fit). */
export interface ServiceLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A module's create function returns its services beside its registrar: `{ ... } satisfies AppModule`. */
export type AppModule = ModuleRoutes & Record<string, unknown>;

/** The registrar of a module with one routes plugin: registers it with these options. */
export function routesOf<Options extends Record<string, unknown>>(
  plugin: FastifyPluginAsyncZod<Options>,
  options: Options,
): ModuleRoutes['routes'] {
  return async (app) => {
    await app.register(plugin, options);
  };
}
