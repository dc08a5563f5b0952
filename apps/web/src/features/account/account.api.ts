import {
  Paths,
  type TChangePassword,
  type TSetTransactionPassword,
  ZEndedSessions,
  ZOk,
  ZSecurityEvent,
  ZSessionItem,
  ZTacSent,
  zPage,
} from '@app/contracts';
import { api, pathWith } from '../../app/api';

const ZSessionPage = zPage(ZSessionItem);
const ZSecurityEventPage = zPage(ZSecurityEvent);

/** The member's own account calls. `handled`: the codes the calling form shows inline. */
export const accountApi = {
  changePassword: (body: TChangePassword, handled: readonly string[]) =>
    api.post(Paths.changePassword, ZOk, body, { handled }),
  sendLoginPasswordTac: (handled: readonly string[]) =>
    api.post(Paths.memberTac, ZTacSent, { purpose: 'login_password' }, { handled }),
  sendTransactionTac: (handled: readonly string[]) =>
    api.post(Paths.memberTac, ZTacSent, { purpose: 'transaction_password' }, { handled }),
  setTransactionPassword: (body: TSetTransactionPassword, handled: readonly string[]) =>
    api.post(Paths.transactionPassword, ZOk, body, { handled }),
  sessions: (page: number, pageSize: number) =>
    api.get(Paths.sessions, ZSessionPage, { query: { page, pageSize } }),
  endSession: (id: string) => api.delete(pathWith(Paths.session, { id }), ZOk),
  endOtherSessions: () => api.post(Paths.sessionsEndOthers, ZEndedSessions),
  securityEvents: (page: number, pageSize: number) =>
    api.get(Paths.securityEvents, ZSecurityEventPage, { query: { page, pageSize } }),
};

export const sessionsKey = ['sessions'] as const;
export const securityEventsKey = ['security-events'] as const;
