import { createRequire } from 'node:module';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  type EIP1193Provider,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { deployTestToken } from './test-token';

/**
 * A real Ethereum node for development and tests: Hardhat's network (EDR, shipped inside its npm package),
 * run in this process and served over JSON-RPC on 127.0.0.1. Hardhat 3 needs Node 22; this is Hardhat 2's
 * own network, built from the classes its `hardhat node` task uses, so no project config is needed.
 */
const require = createRequire(import.meta.url);

/** The standard test mnemonic: its accounts are the ones every Ethereum tool knows as "test accounts". */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEV_CHAIN_ID = 31337;
const DEV_ACCOUNTS = 10;
const DEV_BALANCE = 10_000n * 10n ** 18n;

export interface DevChain {
  /** http://127.0.0.1:<port> */
  url: string;
  chainId: number;
  /** The test USDT and USDC, deployed by the first test account, which holds their whole supply. */
  tokens: { USDT: Address; USDC: Address };
  /** The first test account (it holds the test tokens and plenty of ETH). */
  funder: WalletClient;
  client: PublicClient;
  /** Mines `count` blocks now (tests use a chain that only mines when asked). */
  mine(count?: number): Promise<void>;
  /** Takes a snapshot to revert to: how a test makes a reorg. */
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  stop(): Promise<void>;
}

export function devAccount(index: number) {
  return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });
}

function devPrivateKey(index: number): Hex {
  const key = devAccount(index).getHdKey().privateKey;
  if (!key) throw new Error('no private key for a test account');
  return `0x${Buffer.from(key).toString('hex')}`;
}

async function createNetwork(blockIntervalMs: number): Promise<EIP1193Provider> {
  const { createHardhatNetworkProvider } = require('hardhat/internal/hardhat-network/provider/provider');
  const { defaultHardhatNetworkParams } = require('hardhat/internal/core/config/default-config');
  return createHardhatNetworkProvider(
    {
      hardfork: 'cancun',
      chainId: DEV_CHAIN_ID,
      networkId: DEV_CHAIN_ID,
      blockGasLimit: 60_000_000,
      minGasPrice: 0n,
      // Interval mining like a real chain for `npm start`; tests mine by hand so they decide what a block holds.
      automine: false,
      intervalMining: blockIntervalMs,
      mempoolOrder: 'priority',
      chains: defaultHardhatNetworkParams.chains,
      genesisAccounts: Array.from({ length: DEV_ACCOUNTS }, (_, i) => ({
        privateKey: devPrivateKey(i),
        balance: DEV_BALANCE.toString(),
      })),
      allowUnlimitedContractSize: false,
      throwOnTransactionFailures: true,
      throwOnCallFailures: true,
      allowBlocksWithSameTimestamp: true,
      enableTransientStorage: false,
      enableRip7212: false,
    },
    { enabled: false },
  );
}

/**
 * Starts the node, serves it on 127.0.0.1 (`port` 0: any free port) and deploys the test tokens.
 * `blockIntervalMs` 0 mines only on `mine()`.
 */
export async function startDevChain(
  options: { port?: number; blockIntervalMs?: number } = {},
): Promise<DevChain> {
  const provider = await createNetwork(options.blockIntervalMs ?? 0);
  const { JsonRpcServer } = require('hardhat/internal/hardhat-network/jsonrpc/server');
  const server = new JsonRpcServer({ hostname: '127.0.0.1', port: options.port ?? 0, provider });
  const { port } = (await server.listen()) as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const chain = { ...hardhat, rpcUrls: { default: { http: [url] } } };
  const client = createPublicClient({ chain, transport: http(url), cacheTime: 0 }) as PublicClient;
  const direct = custom(provider);
  const funder = createWalletClient({ chain, transport: direct, account: devAccount(0) });
  const rpc = (method: string, params: unknown[] = []) =>
    provider.request({ method, params } as Parameters<EIP1193Provider['request']>[0]);
  const mine = async (count = 1) => {
    await rpc('hardhat_mine', [`0x${count.toString(16)}`]);
  };
  // Deploying waits for a block: mine it here rather than wait for the interval.
  const deployed = async (hash: Hex) => {
    await mine();
    const receipt = await client.getTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error(`test token deployment ${hash} made no contract`);
    return getAddress(receipt.contractAddress);
  };
  const USDT = await deployTestToken(funder, 'USDT', deployed);
  const USDC = await deployTestToken(funder, 'USDC', deployed);
  return {
    url,
    chainId: DEV_CHAIN_ID,
    tokens: { USDT, USDC },
    funder,
    client,
    mine,
    snapshot: async () => (await rpc('evm_snapshot')) as Hex,
    revert: async (id) => {
      if (!(await rpc('evm_revert', [id]))) throw new Error(`snapshot ${id} could not be reverted`);
    },
    stop: async () => {
      await server.close();
      await rpc('evm_setIntervalMining', [0]).catch(() => {});
    },
  };
}
