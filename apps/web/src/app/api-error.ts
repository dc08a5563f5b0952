import type { ErrorCode } from '@app/contracts';

/** Codes the client makes up itself, for failures that never reached an answer from the server. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'ABORTED';

export interface FieldIssue {
  path: string;
  code: string;
}

/** A refused or failed call: the HTTP status (0 when none came back) and the error code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode | (string & {}),
    readonly details: Record<string, unknown> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.name = 'ApiError';
  }

  /** Per-field codes of a VALIDATION_FAILED answer. */
  get fields(): FieldIssue[] {
    const fields = this.details.fields;
    if (!Array.isArray(fields)) return [];
    return fields.filter(
      (f): f is FieldIssue =>
        typeof f === 'object' && f !== null && typeof f.path === 'string' && typeof f.code === 'string',
    );
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
