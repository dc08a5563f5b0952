import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZStoredUpload, ZUploadPurpose } from '../uploads';

const ZUploadPurposeQuery = z.object({ purpose: ZUploadPurpose.optional() });

/** The operations registered by apps/api/src/modules/uploads/uploads.routes.ts. */
export const UploadsEndpoints = {
  uploads: defineEndpoint({
    method: 'POST',
    path: '/api/uploads',
    query: ZUploadPurposeQuery,
    response: ZStoredUpload,
  }),
};
