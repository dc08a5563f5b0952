import type { ErrorCode } from '@app/contracts';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../app/api-error';
import { errorText } from '../app/error-text';
import { showToast } from '../app/toast';

/** Where a form shows each server code it expects: at a field, or above the submit button (`root`). */
export type ErrorPlaces<T extends FieldValues> = Partial<Record<ErrorCode, FieldPath<T> | 'root'>>;

/** The codes to pass as `handled` to the API client, so it leaves them to the form. */
export function handledBy<T extends FieldValues>(places: ErrorPlaces<T>): string[] {
  return [...Object.keys(places), 'VALIDATION_FAILED'];
}

/**
 * Puts a refused submit on the form: a validation answer at the fields it names, a known code where
 * `places` says. Anything else was already shown by the API client.
 */
export function placeServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  places: ErrorPlaces<T>,
  fieldNames: readonly string[],
): void {
  if (!isApiError(error)) return;
  if (error.code === 'VALIDATION_FAILED') {
    const known = error.fields.filter((f) => fieldNames.includes(f.path));
    for (const issue of known) setError(issue.path as FieldPath<T>, { type: 'server', message: issue.code });
    // A rule the form has no field for still deserves a word.
    if (known.length === 0) showToast(errorText(error.fields[0]?.code, 'VALIDATION_FAILED'));
    return;
  }
  // A code the server tied to one field of the request (two TAC codes in one form) goes to that field.
  const field = error.details.field;
  const place =
    typeof field === 'string' && fieldNames.includes(field)
      ? (field as FieldPath<T>)
      : places[error.code as ErrorCode];
  if (place === 'root') setError('root.server', { type: 'server', message: error.code });
  else if (place) setError(place, { type: 'server', message: error.code });
}
