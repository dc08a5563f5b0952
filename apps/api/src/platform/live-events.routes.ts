import { isStaffRole, Paths } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from './access';
import { AppError } from './errors';
import type { LiveEvents } from './live-events';
import { openEventStream } from './sse';

/**
 * The one event stream of a signed-in session (Server-Sent Events): `event: <type>` with the event as JSON
 * data (ZLiveEvent). Admins also receive the events sent to all admins.
 */
export const liveEventRoutes: FastifyPluginAsyncZod<{ live: LiveEvents }> = async (app, { live }) => {
  app.get(
    Paths.events,
    {
      config: { access: 'member' },
      schema: { tags: ['events'], description: 'text/event-stream of live events (ZLiveEvent)' },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      try {
        await live.ready();
      } catch (error) {
        request.log.warn({ error: (error as Error).message }, 'live events: not listening');
        throw new AppError('SERVICE_UNAVAILABLE', 'Live events are unavailable');
      }
      const stream = openEventStream(reply);
      const unsubscribe = live.subscribe({
        memberId: caller.memberId,
        admin: isStaffRole(caller.role),
        send: (event) => stream.send(event.type, event),
        end: stream.end,
      });
      stream.onClose(unsubscribe);
    },
  );
};
