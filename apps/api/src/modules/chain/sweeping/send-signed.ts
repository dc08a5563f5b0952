import {
  type Abi,
  type Address,
  createWalletClient,
  custom,
  defineChain,
  encodeFunctionData,
  type Hex,
  type LocalAccount,
  type PublicClient,
} from 'viem';

/**
 * Signs with a key the platform holds (viem signs locally; the node never sees a key) and sends the raw
 * transaction through the network's client.
 */
export async function sendSigned(
  client: PublicClient,
  account: LocalAccount,
  chainId: number,
  tx: {
    to: Address;
    value?: bigint;
    contract?: { abi: Abi; functionName: string; args: readonly unknown[] };
    gas?: bigint;
    fees?: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
  },
): Promise<Hex> {
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });
  const wallet = createWalletClient({
    account,
    chain,
    transport: custom({ request: (r) => client.request(r) }),
  });
  return wallet.sendTransaction({
    account,
    chain,
    to: tx.to,
    value: tx.value ?? 0n,
    ...(tx.contract
      ? { data: encodeFunctionData(tx.contract as Parameters<typeof encodeFunctionData>[0]) }
      : {}),
    ...(tx.gas ? { gas: tx.gas } : {}),
    ...(tx.fees ?? {}),
  });
}
