import type { Endpoint } from '../endpoint';
import { AdminEndpoints } from './admin';
import { AppEndpoints } from './app';
import { AuthEndpoints } from './auth';
import { BotRecordsEndpoints } from './bot-records';
import { BotRentalsEndpoints } from './bot-rentals';
import { BotSymbolsEndpoints } from './bot-symbols';
import { BotsEndpoints } from './bots';
import { ChainAdminEndpoints } from './chain-admin';
import { ContentEndpoints } from './content';
import { ContentAdminEndpoints } from './content-admin';
import { ExchangeKeysEndpoints } from './exchange-keys';
import { KycEndpoints } from './kyc';
import { ManagedAccountsEndpoints } from './managed-accounts';
import { MarketsEndpoints } from './markets';
import { MiningEndpoints } from './mining';
import { NotificationsEndpoints } from './notifications';
import { PayoutsEndpoints } from './payouts';
import { ProfileEndpoints } from './profile';
import { SecurityEndpoints } from './security';
import { StaffMfaEndpoints } from './staff-mfa';
import { SupportEndpoints } from './support';
import { TeamEndpoints } from './team';
import { TeamBonusesEndpoints } from './team-bonuses';
import { TestFaucetEndpoints } from './test-faucet';
import { TradingEndpoints } from './trading';
import { UploadsEndpoints } from './uploads';
import { VouchersEndpoints } from './vouchers';
import { WalletEndpoints } from './wallet';
import { WalletAdminEndpoints } from './wallet-admin';

/**
 * Every group by name, for the web: a module that names the groups it calls leaves the others (and their
 * schemas) out of its chunk, where `Endpoints` brings every group along, the admin ones included (decisions
 * §79, §90). Biome refuses `Endpoints` in apps/web.
 */
export {
  AdminEndpoints,
  AppEndpoints,
  AuthEndpoints,
  BotRecordsEndpoints,
  BotRentalsEndpoints,
  BotSymbolsEndpoints,
  BotsEndpoints,
  ChainAdminEndpoints,
  ContentAdminEndpoints,
  ContentEndpoints,
  ExchangeKeysEndpoints,
  KycEndpoints,
  ManagedAccountsEndpoints,
  MarketsEndpoints,
  MiningEndpoints,
  NotificationsEndpoints,
  PayoutsEndpoints,
  ProfileEndpoints,
  SecurityEndpoints,
  StaffMfaEndpoints,
  SupportEndpoints,
  TeamBonusesEndpoints,
  TeamEndpoints,
  TestFaucetEndpoints,
  TradingEndpoints,
  UploadsEndpoints,
  VouchersEndpoints,
  WalletAdminEndpoints,
  WalletEndpoints,
};

/** Every API operation, grouped per server routes file (decision 63): what the API registers. */
export const Endpoints = {
  admin: AdminEndpoints,
  app: AppEndpoints,
  auth: AuthEndpoints,
  botRecords: BotRecordsEndpoints,
  botRentals: BotRentalsEndpoints,
  botSymbols: BotSymbolsEndpoints,
  bots: BotsEndpoints,
  chainAdmin: ChainAdminEndpoints,
  contentAdmin: ContentAdminEndpoints,
  content: ContentEndpoints,
  exchangeKeys: ExchangeKeysEndpoints,
  kyc: KycEndpoints,
  managedAccounts: ManagedAccountsEndpoints,
  markets: MarketsEndpoints,
  mining: MiningEndpoints,
  notifications: NotificationsEndpoints,
  payouts: PayoutsEndpoints,
  profile: ProfileEndpoints,
  security: SecurityEndpoints,
  staffMfa: StaffMfaEndpoints,
  support: SupportEndpoints,
  teamBonuses: TeamBonusesEndpoints,
  team: TeamEndpoints,
  testFaucet: TestFaucetEndpoints,
  trading: TradingEndpoints,
  uploads: UploadsEndpoints,
  vouchers: VouchersEndpoints,
  walletAdmin: WalletAdminEndpoints,
  wallet: WalletEndpoints,
} as const;

type Groups = typeof Endpoints;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
type AllEndpoints = UnionToIntersection<Groups[keyof Groups]>;

/** Paths of the endpoints by endpoint name (unique across groups), e.g. for tests that inject requests. */
export type EndpointPaths = {
  readonly [K in keyof AllEndpoints]: AllEndpoints[K] extends Endpoint ? AllEndpoints[K]['path'] : never;
};

export function endpointPaths(): EndpointPaths {
  const paths: Record<string, string> = {};
  for (const group of Object.values(Endpoints) as Array<Record<string, Endpoint>>) {
    for (const [name, endpoint] of Object.entries(group)) paths[name] = endpoint.path;
  }
  return paths as EndpointPaths;
}
