/**
 * Whether an error says the database connection was lost or refused, not that the request was wrong: the
 * server ended the session (pg_terminate_backend, a restart, a failover), the server is starting or shutting
 * down, or the socket broke. The caller can only try again shortly, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // SQLSTATE class 08 (connection exception); 57P01-57P03: admin / crash shutdown, cannot connect now;
    // and the socket's own errors when the server is gone.
    if (/^08/.test(code) || /^57P0[123]$/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
  }
  // node-postgres says these without a code.
  return (
    typeof message === 'string' &&
    /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable)/.test(
      message,
    )
  );
}
