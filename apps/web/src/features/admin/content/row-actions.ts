import type { QueryClient } from '@tanstack/react-query';
import { showToast } from '../../../app/toast';
import { confirmAction } from '../confirm-action';
import { refreshContent } from './content-admin.api';

/** Asks first, then deletes; on success says so and refreshes every content list. */
export async function confirmAndDelete(
  queryClient: QueryClient,
  question: string,
  done: string,
  remove: () => Promise<unknown>,
): Promise<void> {
  if (!(await confirmAction(question))) return;
  try {
    await remove();
  } catch {
    // The API client has shown why.
    return;
  }
  showToast(done, { icon: 'success' });
  refreshContent(queryClient);
}
