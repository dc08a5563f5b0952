import {
  AppstoreOutline,
  BankcardOutline,
  ContentOutline,
  FileOutline,
  GiftOutline,
  KeyOutline,
  MessageOutline,
  PayCircleOutline,
  SetOutline,
  TeamOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { ComponentType, SVGProps } from 'react';
import { AdminPaths } from './admin-paths';

export interface AdminSection {
  /** Locale key under `admin.sections.`. */
  id:
    | 'withdrawals'
    | 'members'
    | 'money'
    | 'rules'
    | 'audit'
    | 'support'
    | 'content'
    | 'kyc'
    | 'botPackages'
    | 'managedAccounts'
    | 'vouchers'
    | 'mining'
    | 'bonuses';
  path: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The left menu, in order; withdrawals first, the queue an admin works through daily. */
export const adminSections: readonly AdminSection[] = [
  { id: 'withdrawals', path: AdminPaths.withdrawals, Icon: BankcardOutline },
  { id: 'kyc', path: AdminPaths.kyc, Icon: UserContactOutline },
  { id: 'support', path: AdminPaths.support, Icon: MessageOutline },
  { id: 'members', path: AdminPaths.members, Icon: TeamOutline },
  { id: 'money', path: AdminPaths.money, Icon: PayCircleOutline },
  { id: 'rules', path: AdminPaths.rules, Icon: SetOutline },
  { id: 'content', path: AdminPaths.content, Icon: ContentOutline },
  { id: 'botPackages', path: AdminPaths.botPackages, Icon: AppstoreOutline },
  { id: 'managedAccounts', path: AdminPaths.managedAccounts, Icon: KeyOutline },
  { id: 'vouchers', path: AdminPaths.vouchers, Icon: GiftOutline },
  { id: 'mining', path: AdminPaths.mining, Icon: AppstoreOutline },
  { id: 'bonuses', path: AdminPaths.bonuses, Icon: PayCircleOutline },
  { id: 'audit', path: AdminPaths.audit, Icon: FileOutline },
];
