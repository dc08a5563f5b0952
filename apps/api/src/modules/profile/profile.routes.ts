import {
  Paths,
  ZAddress,
  ZAddressIdParams,
  ZAddressInput,
  ZAddressPage,
  ZContactChange,
  ZContactChangeTac,
  ZContactChangeTacSent,
  ZOk,
  ZPageQuery,
  ZProfile,
  ZUpdateProfile,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { AddressService } from './addresses.service';
import type { ProfileService } from './profile.service';

export interface ProfileRoutesOptions {
  profile: ProfileService;
  addresses: AddressService;
  /**
   * Per IP per minute on sending and checking contact-change codes and the login password they carry (as on
   * the sign-up TAC routes).
   */
  tacRateLimit: number;
}

/** The member's own profile and saved addresses. Every route acts on the caller only. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, o) => {
  const member = { access: 'member' as const };
  const guarded = { ...member, rateLimit: { max: o.tacRateLimit, timeWindow: '1 minute' } };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;

  app.get(
    Paths.profile,
    { config: member, schema: { tags: ['profile'], response: { 200: ZProfile } } },
    (request) => o.profile.view(me(request)),
  );

  app.patch(
    Paths.profile,
    { config: member, schema: { tags: ['profile'], body: ZUpdateProfile, response: { 200: ZProfile } } },
    (request) => o.profile.update(me(request), request.body),
  );

  app.post(
    Paths.profileContactTac,
    {
      config: guarded,
      schema: { tags: ['profile'], body: ZContactChangeTac, response: { 200: ZContactChangeTacSent } },
    },
    (request) => o.profile.sendContactTac({ memberId: me(request), ip: request.ip }, request.body),
  );

  app.post(
    Paths.profileContact,
    { config: guarded, schema: { tags: ['profile'], body: ZContactChange, response: { 200: ZProfile } } },
    (request) => {
      const { memberId, sessionId } = callerOf(request);
      return o.profile.changeContact({ memberId, sessionId, ip: request.ip }, request.body);
    },
  );

  const tags = ['addresses'];

  app.get(
    Paths.addresses,
    { config: member, schema: { tags, querystring: ZPageQuery, response: { 200: ZAddressPage } } },
    (request) => o.addresses.list(me(request), request.query.page, request.query.pageSize),
  );

  app.post(
    Paths.addresses,
    { config: member, schema: { tags, body: ZAddressInput, response: { 200: ZAddress } } },
    (request) => o.addresses.create(me(request), request.body),
  );

  app.get(
    Paths.address,
    { config: member, schema: { tags, params: ZAddressIdParams, response: { 200: ZAddress } } },
    (request) => o.addresses.get(me(request), request.params.id),
  );

  app.put(
    Paths.address,
    {
      config: member,
      schema: { tags, params: ZAddressIdParams, body: ZAddressInput, response: { 200: ZAddress } },
    },
    (request) => o.addresses.update(me(request), request.params.id, request.body),
  );

  app.delete(
    Paths.address,
    { config: member, schema: { tags, params: ZAddressIdParams, response: { 200: ZOk } } },
    async (request) => {
      await o.addresses.remove(me(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    Paths.addressDefault,
    { config: member, schema: { tags, params: ZAddressIdParams, response: { 200: ZAddress } } },
    (request) => o.addresses.setDefault(me(request), request.params.id),
  );
};
