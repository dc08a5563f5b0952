import { resolve } from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { AppModule } from '../../platform/module';
import type { createSecretBox } from '../../platform/secret-box';
import type { WalletForChain } from '../wallet/wallet-for-chain';
import { createDepositAddresses } from './deposit-addresses';
import { type ChainKeys, loadChainKeys } from './keys';
import { type ChainNetworks, noChainNetworks } from './networks';
import { payoutsRoutes } from './payouts/payouts.routes';
import { createTestFaucet } from './test-faucet';
import { testFaucetRoutes } from './test-faucet.routes';

/**
 * The chains (decision 53): the platform's HD keys, members' deposit addresses, and the networks the
 * watcher follows. The keys are loaded on first use, so a platform with no chain configured starts and
 * simply has no watched deposit channel.
 */
export function createChainModule(deps: {
  db: Db;
  config: Config;
  box: ReturnType<typeof createSecretBox>;
  networks?: ChainNetworks | undefined;
  /** What the admin's payout lists and retry read and write of wallet's withdrawals (decision 77). */
  wallet: WalletForChain;
}) {
  const { config } = deps;
  let keys: ChainKeys | undefined;
  const lazyKeys: ChainKeys = {
    depositAddress: (family, index) => loaded().depositAddress(family, index),
    depositSigner: (index) => loaded().depositSigner(index),
    tronDepositSigner: (index) => loaded().tronDepositSigner(index),
    get hotWallet() {
      return loaded().hotWallet;
    },
    get gasWallet() {
      return loaded().gasWallet;
    },
    get tronHotWallet() {
      return loaded().tronHotWallet;
    },
    get tronGasWallet() {
      return loaded().tronGasWallet;
    },
  };
  function loaded(): ChainKeys {
    keys ??= loadChainKeys({
      dataDir: resolve(config.DATA_DIR),
      production: config.isProduction,
      box: deps.box,
      sealedSeed: config.CHAIN_SEED_SEALED,
      evmXpub: config.CHAIN_EVM_XPUB,
      tronXpub: config.CHAIN_TRON_XPUB,
    });
    return keys;
  }
  const networks = deps.networks ?? noChainNetworks;
  const addresses = createDepositAddresses({ db: deps.db, keys: lazyKeys });
  const faucet = createTestFaucet({ networks, addresses });
  return {
    networks,
    keys: lazyKeys,
    addresses,
    routes: async (app) => {
      await app.register(testFaucetRoutes, { faucet, moneyRateLimit: config.MONEY_RATE_LIMIT_PER_MINUTE });
      await app.register(payoutsRoutes, { db: deps.db, wallet: deps.wallet });
    },
  } satisfies AppModule;
}
