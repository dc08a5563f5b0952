import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveEvent } from '../../app/live-events';
import { supportKeys } from './support.api';

/**
 * Keeps a support screen fresh without a reload: on an `enquiry` event, refetches the open thread when it
 * is that enquiry's, and the lists, whose order and statuses the change may have moved.
 */
export function useEnquiryLive(reader: 'member' | 'staff', enquiryId?: string) {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: { enquiryId: string }) => {
      if (event.enquiryId === enquiryId) {
        const key =
          reader === 'member'
            ? supportKeys.thread(event.enquiryId)
            : supportKeys.staffThread(event.enquiryId);
        void queryClient.invalidateQueries({ queryKey: key });
      }
      const lists = reader === 'member' ? [...supportKeys.all, 'list'] : [...supportKeys.all, 'queue'];
      void queryClient.invalidateQueries({ queryKey: lists });
    },
    [queryClient, reader, enquiryId],
  );
  useLiveEvent('enquiry', onEvent);
}
