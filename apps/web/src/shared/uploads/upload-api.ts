import { type TStoredUpload, type UploadPurpose, UploadsEndpoints } from '@app/contracts';
import { api } from '../../app/api';

/** What an upload field shows itself, under the picker, instead of as a toast. */
export const uploadHandled = [
  'UPLOAD_NOT_IMAGE',
  'UPLOAD_NOT_PDF',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_FILE_MISSING',
  'UPLOAD_PURPOSE_NOT_ALLOWED',
  'VALIDATION_FAILED',
] as const;

/**
 * Sends one file as multipart (field `file`, `purpose` in the query) through the app's API client, so the
 * session cookie, the Origin check, the timeout and the error handling are the same as for every call.
 * The server decides what the file is from its bytes; the name and type the browser gives mean nothing there.
 */
export function uploadFile(purpose: UploadPurpose, file: Blob, fileName = 'upload'): Promise<TStoredUpload> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api.call(UploadsEndpoints.uploads, { form, query: { purpose }, handled: uploadHandled });
}
