import type { Db } from '../../../db/database';
import type { AppModule } from '../../../platform/module';
import type { LedgerService } from '../../ledger/ledger.service';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import type { ChainKeys } from '../keys';
import type { ChainNetworks } from '../networks';
import { chainAdminRoutes } from './chain-admin.routes';
import { createChainDepositsAdmin } from './chain-deposits.admin';
import { createReconciliation } from './reconciliation';

/** The admin's view of the chains (issue 21, item 6): deposits seen on chain, and the reconciliation. */
export function createChainAdminModule(deps: {
  db: Db;
  ledger: LedgerService;
  chain: { networks: ChainNetworks; keys: Pick<ChainKeys, 'hotWallet' | 'tronHotWallet'> };
  wallet: WalletForChain;
}) {
  const deposits = createChainDepositsAdmin({ db: deps.db, ledger: deps.ledger, wallet: deps.wallet });
  const reconcile = createReconciliation({
    db: deps.db,
    wallet: deps.wallet,
    ledger: deps.ledger,
    networks: deps.chain.networks,
    keys: deps.chain.keys,
  });
  return {
    deposits,
    reconcile,
    routes: async (app) => {
      await app.register(chainAdminRoutes, { deposits, reconcile });
    },
  } satisfies AppModule;
}
