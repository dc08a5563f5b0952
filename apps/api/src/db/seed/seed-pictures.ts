import type { UploadPurpose } from '@app/contracts';
import type { UploadService } from '../../modules/uploads/uploads.service';
import type { Db } from '../database';

/** An upload of the seed itself (no owner), claimed at once as the content that uses it. */
export async function storedPicture(db: Db, uploads: UploadService, purpose: UploadPurpose, png: Buffer) {
  const stored = await uploads.storeImage({ ownerId: null, purpose, data: png });
  await uploads.claim(db, { ids: [stored.id], ownerId: null, purpose });
  return stored.id;
}
