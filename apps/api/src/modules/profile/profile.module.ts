import { type AppModule, routesOf } from '../../platform/module';
import { createAddressService } from './addresses.service';
import { profileRoutes } from './profile.routes';
import { createProfileService, type ProfileDeps } from './profile.service';

/** The member's profile (contacts, avatar, passwords changed with codes) and delivery addresses. */
export function createProfileModule(deps: ProfileDeps & { tacRateLimit: number }) {
  const profile = createProfileService(deps);
  const addresses = createAddressService({ db: deps.db });
  return {
    profile,
    addresses,
    routes: routesOf(profileRoutes, { profile, addresses, tacRateLimit: deps.tacRateLimit }),
  } satisfies AppModule;
}
