import { isApiError } from '../app/api-error';

/** The code to show for a failed call: a refused field's own code when the server named one. */
export function errorCodeOf(error: unknown): string {
  if (!isApiError(error)) return 'INTERNAL';
  if (error.code === 'VALIDATION_FAILED') return error.fields[0]?.code ?? error.code;
  return error.code;
}
