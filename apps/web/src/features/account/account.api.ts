import { Endpoints, type TChangePassword, type TSetTransactionPassword } from '@app/contracts';
import { api } from '../../app/api';

/** The member's own account calls. `handled`: the codes the calling form shows inline. */
export const accountApi = {
  changePassword: (body: TChangePassword, handled: readonly string[]) =>
    api.call(Endpoints.auth.changePassword, { body, handled }),
  sendLoginPasswordTac: (handled: readonly string[]) =>
    api.call(Endpoints.auth.memberTac, { body: { purpose: 'login_password' }, handled }),
  sendTransactionTac: (handled: readonly string[]) =>
    api.call(Endpoints.auth.memberTac, { body: { purpose: 'transaction_password' }, handled }),
  setTransactionPassword: (body: TSetTransactionPassword, handled: readonly string[]) =>
    api.call(Endpoints.auth.transactionPassword, { body, handled }),
  sessions: (page: number, pageSize: number) =>
    api.call(Endpoints.auth.sessions, { query: { page, pageSize } }),
  endSession: (id: string) => api.call(Endpoints.auth.session, { params: { id } }),
  endOtherSessions: () => api.call(Endpoints.security.sessionsEndOthers),
  securityEvents: (page: number, pageSize: number) =>
    api.call(Endpoints.security.securityEvents, { query: { page, pageSize } }),
};

export const sessionsKey = ['sessions'] as const;
export const securityEventsKey = ['security-events'] as const;
