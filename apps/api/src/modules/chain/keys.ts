import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { type Address, getAddress, keccak256, type LocalAccount, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readOrCreate } from '../../platform/keys';
import type { createSecretBox } from '../../platform/secret-box';
import { type TronSigner, tronSignerOf } from './tron/tron-signer';

/**
 * The platform's HD wallet (BIP-32/44, decision 53). Deposit addresses are children of one extended
 * public key per chain family at index = member id, so the watcher and the deposit page need nothing
 * secret. The seed, when the platform holds it (to sweep deposits and pay withdrawals), is kept sealed
 * with MASTER_KEY: in DATA_DIR outside production, in CHAIN_SEED_SEALED in production, never in clear.
 */
export type ChainFamily = 'evm' | 'tron';

const EVM_DEPOSITS = "m/44'/60'/0'";
const EVM_HOT_WALLET = "m/44'/60'/1'/0/0";
const EVM_GAS_WALLET = "m/44'/60'/2'/0/0";
const TRON_DEPOSITS = "m/44'/195'/0'";
const TRON_HOT_WALLET = "m/44'/195'/1'/0/0";
const TRON_GAS_WALLET = "m/44'/195'/2'/0/0";
const SEED_BINDING = 'chain:hd-seed';
const tronBase58 = createBase58check(sha256);

export interface ChainKeys {
  /** The member's deposit address on a chain family: EIP-55 for EVM, base58check (T...) for TRON. */
  depositAddress(family: ChainFamily, index: number): string;
  /** The key of an EVM deposit address, to sweep it; null when only the extended public key is known. */
  depositSigner(index: number): LocalAccount | null;
  /** The EVM hot wallet that pays withdrawals and tops deposit addresses up with gas; null if watch-only. */
  hotWallet: LocalAccount | null;
  /**
   * The EVM wallet that tops deposit addresses up with gas before a sweep: an account of its own, so its
   * transactions never take a nonce the payouts of the hot wallet are counting on.
   */
  gasWallet: LocalAccount | null;
  /** The key of a TRON deposit address, to sweep it; null when only the extended public key is known. */
  tronDepositSigner(index: number): TronSigner | null;
  /** The TRON hot wallet that pays TRC-20 withdrawals (decision 69); null if watch-only. */
  tronHotWallet: TronSigner | null;
  /** The TRON wallet that sends deposit addresses TRX for a sweep's fees; null if watch-only. */
  tronGasWallet: TronSigner | null;
}

function publicKeyToEvmAddress(publicKey: Uint8Array): Address {
  // secp256k1 public key, uncompressed without its 0x04 prefix, hashed: the last 20 bytes.
  const uncompressed = uncompress(publicKey);
  return getAddress(`0x${keccak256(uncompressed.slice(1)).slice(-40)}`);
}

/** @scure/bip32 hands out compressed public keys; an address hashes the uncompressed point. */
function uncompress(publicKey: Uint8Array): Uint8Array {
  return secp256k1.Point.fromBytes(publicKey).toBytes(false);
}

export function tronAddressOf(evmAddress: string): string {
  const body = Buffer.from(evmAddress.slice(2), 'hex');
  return tronBase58.encode(Uint8Array.from([0x41, ...body]));
}

function accountOf(key: HDKey): LocalAccount {
  if (!key.privateKey) throw new Error('no private key at this path');
  return privateKeyToAccount(toHex(key.privateKey));
}

function tronSignerAt(root: HDKey, path: string): TronSigner {
  const key = root.derive(path);
  if (!key.privateKey) throw new Error('no private key at this path');
  return tronSignerOf(key.privateKey);
}

function childAt(parent: HDKey, index: number): HDKey {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** 31) {
    throw new Error(`derivation index ${index} is out of range`);
  }
  return parent.deriveChild(0).deriveChild(index);
}

export function loadChainKeys(options: {
  dataDir: string;
  production: boolean;
  box: ReturnType<typeof createSecretBox>;
  sealedSeed?: string | undefined;
  evmXpub?: string | undefined;
  tronXpub?: string | undefined;
}): ChainKeys {
  let sealed = options.sealedSeed;
  if (!sealed && !options.production && !options.evmXpub) {
    sealed = readOrCreate(path.join(options.dataDir, 'chain-seed.sealed'), () =>
      options.box.seal(randomBytes(32).toString('hex'), SEED_BINDING).toString('base64'),
    );
  }
  const root = sealed
    ? HDKey.fromMasterSeed(Buffer.from(options.box.open(Buffer.from(sealed, 'base64'), SEED_BINDING), 'hex'))
    : null;
  const evmDeposits = root
    ? root.derive(EVM_DEPOSITS)
    : options.evmXpub
      ? HDKey.fromExtendedKey(options.evmXpub)
      : null;
  const tronDeposits = root
    ? root.derive(TRON_DEPOSITS)
    : options.tronXpub
      ? HDKey.fromExtendedKey(options.tronXpub)
      : null;
  if (!evmDeposits) {
    throw new Error(
      'No chain keys: set CHAIN_SEED_SEALED, or CHAIN_EVM_XPUB for watch-only deposit addresses',
    );
  }
  return {
    depositAddress(family, index) {
      const parent = family === 'evm' ? evmDeposits : tronDeposits;
      if (!parent) throw new Error(`no extended key for ${family} deposit addresses (CHAIN_TRON_XPUB)`);
      const evm = publicKeyToEvmAddress(childAt(parent, index).publicKey!);
      return family === 'evm' ? evm : tronAddressOf(evm);
    },
    depositSigner: (index) => (root ? accountOf(childAt(evmDeposits, index)) : null),
    hotWallet: root ? accountOf(root.derive(EVM_HOT_WALLET)) : null,
    gasWallet: root ? accountOf(root.derive(EVM_GAS_WALLET)) : null,
    tronDepositSigner: (index) => {
      const key = root && tronDeposits ? childAt(tronDeposits, index) : null;
      return key?.privateKey ? tronSignerOf(key.privateKey) : null;
    },
    tronHotWallet: root ? tronSignerAt(root, TRON_HOT_WALLET) : null,
    tronGasWallet: root ? tronSignerAt(root, TRON_GAS_WALLET) : null,
  };
}
