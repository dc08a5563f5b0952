/**
 * A start-up failure that knows what is wrong and what the operator should do about it. `main.ts` and
 * `worker.ts` print both lines and exit 1; anything else that fails at start-up is described by
 * `describeStartupFailure` so that a start never ends on a bare `undefined` or a stack trace alone.
 */
export class StartupError extends Error {
  constructor(
    message: string,
    /** What to do about it, said to the person who ran `npm start`. */
    readonly hint: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The lines printed when the server or the worker cannot start: what went wrong, then what to do. */
export function describeStartupFailure(error: unknown): string {
  if (error instanceof StartupError) return `Start-up failed: ${error.message}\n  What to do: ${error.hint}`;
  if (error === undefined || error === null) {
    return 'Start-up failed, and the part that failed gave no reason.\n  What to do: run again with LOG_LEVEL=debug and report the output.';
  }
  const message = error instanceof Error ? error.message : String(error);
  const code = codeOf(error);
  let hint: string;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH') {
    hint =
      'The database could not be reached. Check that PostgreSQL runs and that DATABASE_URL names it (host, port); without DATABASE_URL an embedded PostgreSQL is started under DATA_DIR.';
  } else if (code === '28P01' || code === '28000') {
    hint = 'PostgreSQL refused the user or password in DATABASE_URL: correct them.';
  } else if (code === '3D000') {
    hint = 'The database named in DATABASE_URL does not exist: create it (createdb) or correct the URL.';
  } else if (code === 'EACCES' || code === 'EPERM') {
    hint =
      'A file or port could not be used for lack of permission: check DATA_DIR is writable by this user, and use a PORT above 1023 unless you run as root.';
  } else if (message.startsWith('Invalid configuration') || message.includes('is required in production')) {
    hint = 'Correct the settings named above (environment variables; the README lists every one).';
  } else if (message.startsWith('Migration')) {
    hint =
      'The database schema could not be brought up to date: read the message above; the database was left as it was before the failed migration.';
  } else {
    hint =
      'Read the message above. If it is not clear, run again with LOG_LEVEL=debug and report the output.';
  }
  const detail =
    error instanceof Error && !(code || message.startsWith('Invalid configuration'))
      ? error.stack
      : undefined;
  return `Start-up failed: ${message}\n  What to do: ${hint}${detail ? `\n\n${detail}` : ''}`;
}
