import type { TRole } from '@app/contracts';
import {
  AppstoreOutline,
  BankcardOutline,
  ContentOutline,
  FileOutline,
  GiftOutline,
  HistogramOutline,
  KeyOutline,
  MessageOutline,
  PayCircleOutline,
  ReceivePaymentOutline,
  SendOutline,
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
    | 'deposits'
    | 'reconciliation'
    | 'payouts'
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
  /** Support staff work these queues too; every other section is for admins only (decision 45). */
  support?: true;
}

/** The left menu, in order; withdrawals first, the queue an admin works through daily. */
export const adminSections: readonly AdminSection[] = [
  { id: 'withdrawals', path: AdminPaths.withdrawals, Icon: BankcardOutline },
  { id: 'deposits', path: AdminPaths.deposits, Icon: ReceivePaymentOutline },
  { id: 'payouts', path: AdminPaths.payouts, Icon: SendOutline },
  { id: 'reconciliation', path: AdminPaths.reconciliation, Icon: HistogramOutline },
  { id: 'kyc', path: AdminPaths.kyc, Icon: UserContactOutline, support: true },
  { id: 'support', path: AdminPaths.support, Icon: MessageOutline, support: true },
  { id: 'members', path: AdminPaths.members, Icon: TeamOutline },
  { id: 'money', path: AdminPaths.money, Icon: PayCircleOutline },
  { id: 'rules', path: AdminPaths.rules, Icon: SetOutline },
  { id: 'content', path: AdminPaths.content, Icon: ContentOutline, support: true },
  { id: 'botPackages', path: AdminPaths.botPackages, Icon: AppstoreOutline },
  { id: 'managedAccounts', path: AdminPaths.managedAccounts, Icon: KeyOutline },
  { id: 'vouchers', path: AdminPaths.vouchers, Icon: GiftOutline },
  { id: 'mining', path: AdminPaths.mining, Icon: AppstoreOutline },
  { id: 'bonuses', path: AdminPaths.bonuses, Icon: PayCircleOutline },
  { id: 'audit', path: AdminPaths.audit, Icon: FileOutline },
];

/** The sections a staff role sees: all for admins, the KYC, customer-service and content queues for support. */
export function sectionsFor(role: TRole | undefined): readonly AdminSection[] {
  if (role === 'admin') return adminSections;
  if (role === 'support') return adminSections.filter((s) => s.support);
  return [];
}

/** The section a path of the admin area belongs to (a support thread belongs to customer service). */
export function sectionOf(pathname: string): AdminSection | undefined {
  return adminSections.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
}
