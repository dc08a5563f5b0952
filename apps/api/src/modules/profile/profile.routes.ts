import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
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

  route(app, Endpoints.profile.profile, {
    config: member,
    tags: ['profile'],
    handler: (request) => o.profile.view(me(request)),
  });

  route(app, Endpoints.profile.patchProfile, {
    config: member,
    tags: ['profile'],
    handler: (request) => o.profile.update(me(request), request.body),
  });

  route(app, Endpoints.profile.profileContactTac, {
    config: guarded,
    tags: ['profile'],
    handler: (request) => o.profile.sendContactTac({ memberId: me(request), ip: request.ip }, request.body),
  });

  route(app, Endpoints.profile.profileContact, {
    config: guarded,
    tags: ['profile'],
    handler: (request) => {
      const { memberId, sessionId } = callerOf(request);
      return o.profile.changeContact({ memberId, sessionId, ip: request.ip }, request.body);
    },
  });

  const tags = ['addresses'];

  route(app, Endpoints.profile.addresses, {
    config: member,
    tags,
    handler: (request) => o.addresses.list(me(request), request.query.page, request.query.pageSize),
  });

  route(app, Endpoints.profile.postAddresses, {
    config: member,
    tags,
    handler: (request) => o.addresses.create(me(request), request.body),
  });

  route(app, Endpoints.profile.address, {
    config: member,
    tags,
    handler: (request) => o.addresses.get(me(request), request.params.id),
  });

  route(app, Endpoints.profile.putAddress, {
    config: member,
    tags,
    handler: (request) => o.addresses.update(me(request), request.params.id, request.body),
  });

  route(app, Endpoints.profile.deleteAddress, {
    config: member,
    tags,
    handler: async (request) => {
      await o.addresses.remove(me(request), request.params.id);
      return { ok: true as const };
    },
  });

  route(app, Endpoints.profile.addressDefault, {
    config: member,
    tags,
    handler: (request) => o.addresses.setDefault(me(request), request.params.id),
  });
};
