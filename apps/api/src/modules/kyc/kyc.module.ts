import type { AppModule } from '../../platform/module';
import { kycAdminRoutes, kycRoutes } from './kyc.routes';
import { createKycService, type KycServiceDeps } from './kyc.service';

/** Identity checks: members submit, staff decide; other modules ask `statusOf` and `isApproved`. */
export function createKycModule(deps: KycServiceDeps & { checkRateLimit: number }) {
  const kyc = createKycService(deps);
  return {
    kyc,
    routes: async (app) => {
      await app.register(kycRoutes, { kyc, checkRateLimit: deps.checkRateLimit });
      await app.register(kycAdminRoutes, { kyc });
    },
  } satisfies AppModule;
}
