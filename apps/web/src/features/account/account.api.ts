import {
  AuthEndpoints,
  SecurityEndpoints,
  type TChangePassword,
  type TSetTransactionPassword,
} from '@app/contracts';
import { api } from '../../app/api';

/** The member's own account calls. `handled`: the codes the calling form shows inline. */
export const accountApi = {
  changePassword: (body: TChangePassword, handled: readonly string[]) =>
    api.call(AuthEndpoints.changePassword, { body, handled }),
  sendLoginPasswordTac: (handled: readonly string[]) =>
    api.call(AuthEndpoints.memberTac, { body: { purpose: 'login_password' }, handled }),
  sendTransactionTac: (handled: readonly string[]) =>
    api.call(AuthEndpoints.memberTac, { body: { purpose: 'transaction_password' }, handled }),
  setTransactionPassword: (body: TSetTransactionPassword, handled: readonly string[]) =>
    api.call(AuthEndpoints.transactionPassword, { body, handled }),
  sessions: (page: number, pageSize: number) =>
    api.call(AuthEndpoints.sessions, { query: { page, pageSize } }),
  endSession: (id: string) => api.call(AuthEndpoints.session, { params: { id } }),
  endOtherSessions: () => api.call(SecurityEndpoints.sessionsEndOthers),
  securityEvents: (page: number, pageSize: number) =>
    api.call(SecurityEndpoints.securityEvents, { query: { page, pageSize } }),
};

export const sessionsKey = ['sessions'] as const;
export const securityEventsKey = ['security-events'] as const;
