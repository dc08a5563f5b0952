import { type ErrorCode, ErrorStatus } from '@app/contracts';

/** The one error type services throw; the error handler turns it into `{ code, message, details }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? code);
    this.name = 'AppError';
    this.status = ErrorStatus[code];
  }
}
