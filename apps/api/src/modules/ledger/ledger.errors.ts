import type { ErrorCode } from '@app/contracts';
import { AppError } from '../../platform/errors';

/** The ledger's refusals: the `LEDGER_*` codes of `@app/contracts`, each with its HTTP status there. */
export type LedgerErrorCode = Extract<ErrorCode, `LEDGER_${string}`>;

/** An AppError raised by the ledger, so callers and tests can tell a ledger refusal from others. */
export class LedgerError extends AppError {
  declare readonly code: LedgerErrorCode;
  constructor(code: LedgerErrorCode, message?: string, details?: Record<string, unknown>) {
    super(code, message, details);
    this.name = 'LedgerError';
  }
}
