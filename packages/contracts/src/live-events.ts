import { z } from 'zod';

/**
 * What the server pushes over the one event stream (`GET /api/events`, Server-Sent Events). An event only
 * says that something changed; the client then refetches what it shows, so a missed event costs nothing
 * but freshness.
 */
export const ZLiveEvent = z.discriminatedUnion('type', [
  /** A notification for this member (or for everyone) was stored. */
  z.object({ type: z.literal('notification') }),
  /** An enquiry's conversation changed (a new message, or it was closed). */
  z.object({ type: z.literal('enquiry'), enquiryId: z.string() }),
  /**
   * One of the member's on-chain deposits was seen, gained a confirmation, was credited, or left the chain
   * (`id`: the chain deposit's id): the deposit page counts confirmations live from these.
   */
  z.object({
    type: z.literal('deposit'),
    id: z.string(),
    status: z.enum(['pending', 'credited', 'below_minimum', 'orphaned']),
    confirmations: z.number().int(),
    required: z.number().int(),
  }),
]);
export type TLiveEvent = z.infer<typeof ZLiveEvent>;
export type TLiveEventType = TLiveEvent['type'];
/** The event of one type. */
export type TLiveEventOf<T extends TLiveEventType> = Extract<TLiveEvent, { type: T }>;
export const LiveEventTypes = ZLiveEvent.options.map((o) => o.shape.type.value) as TLiveEventType[];
