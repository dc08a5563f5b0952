import { BankcardOutline, FileOutline, PayCircleOutline, SetOutline, TeamOutline } from 'antd-mobile-icons';
import type { ComponentType, SVGProps } from 'react';
import { AdminPaths } from './admin-paths';

export interface AdminSection {
  /** Locale key under `admin.sections.`. */
  id: 'withdrawals' | 'members' | 'money' | 'rules' | 'audit';
  path: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The left menu, in order; withdrawals first, the queue an admin works through daily. */
export const adminSections: readonly AdminSection[] = [
  { id: 'withdrawals', path: AdminPaths.withdrawals, Icon: BankcardOutline },
  { id: 'members', path: AdminPaths.members, Icon: TeamOutline },
  { id: 'money', path: AdminPaths.money, Icon: PayCircleOutline },
  { id: 'rules', path: AdminPaths.rules, Icon: SetOutline },
  { id: 'audit', path: AdminPaths.audit, Icon: FileOutline },
];
