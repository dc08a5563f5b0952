import {
  Endpoints,
  isDocumentUpload,
  isStaffRole,
  MemberUploadPurposes,
  Paths,
  UploadLimits,
  type UploadPurpose,
  uploadMaxBytes,
  ZUploadIdParams,
  ZUploadPurpose,
} from '@app/contracts';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import { AppError } from '../../platform/errors';
import type { UploadFile, UploadService } from './uploads.service';

export interface UploadRoutesOptions {
  uploads: UploadService;
  /** Per IP per minute on POST: every upload is decoded and written to disk. */
  uploadRateLimit: number;
}

const tags = ['uploads'];

/** The one file part, or UPLOAD_FILE_MISSING; the size limit is the purpose's when the query names it. */
async function filePart(request: FastifyRequest, purpose: UploadPurpose | undefined): Promise<MultipartFile> {
  if (!request.isMultipart())
    throw new AppError('UPLOAD_FILE_MISSING', 'Send the file as multipart/form-data');
  const fileSize = purpose ? uploadMaxBytes(purpose) : UploadLimits.documentMaxBytes;
  const part = await request.file({ limits: { fileSize } });
  if (part?.fieldname !== 'file') throw new AppError('UPLOAD_FILE_MISSING', 'No field "file"');
  return part;
}

/** Reads the part whole; a part cut off at the size limit is refused, not stored truncated. */
async function readPart(part: MultipartFile): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('UPLOAD_TOO_LARGE', 'The file is too large');
    }
    throw error;
  }
}

/** `purpose` from the query, else from a form field sent before the file. */
function purposeOf(query: UploadPurpose | undefined, part: MultipartFile): UploadPurpose {
  const field = part.fields.purpose;
  const fromField = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
  const parsed = ZUploadPurpose.safeParse(query ?? fromField);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'purpose is required', {
      fields: [{ path: 'purpose', code: 'VALIDATION_FAILED' }],
    });
  }
  return parsed.data;
}

/**
 * The headers that keep an upload inert in the browser: the type is the server's finding, never sniffed;
 * pictures show inline, documents only download; and the response may run nothing, even opened directly.
 */
function fileHeaders(file: UploadFile): Record<string, string> {
  const disposition = file.fileName
    ? `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`
    : 'inline';
  return {
    'content-type': file.contentType,
    'x-content-type-options': 'nosniff',
    'content-disposition': disposition,
    'content-security-policy': "default-src 'none'; sandbox",
    // Private files must not sit in shared caches; an upload never changes, so the browser may keep it.
    'cache-control': file.isPublic ? 'public, max-age=86400' : 'private, max-age=3600',
  };
}

/**
 * Uploads: POST stores one file (multipart field `file`, `purpose` in the query or a field before the file);
 * GET serves it with the access check. The multipart parser is registered here only, with its own size
 * limits, so the app's 64 KiB JSON body limit stays as it is everywhere else.
 */
export const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (app, o) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: UploadLimits.documentMaxBytes,
      files: 1,
      fields: 2,
      fieldSize: 100,
      fieldNameSize: 50,
      parts: 3,
      headerPairs: 20,
    },
  });

  route(app, Endpoints.uploads.uploads, {
    config: { access: 'member', rateLimit: { max: o.uploadRateLimit, timeWindow: '1 minute' } },
    tags,
    handler: async (request) => {
      const caller = callerOf(request);
      const part = await filePart(request, request.query.purpose);
      // Read (bounded by the size limit) before any refusal, so the request body is always consumed.
      const data = await readPart(part);
      const purpose = purposeOf(request.query.purpose, part);
      if (!isStaffRole(caller.role) && !MemberUploadPurposes.includes(purpose)) {
        throw new AppError('UPLOAD_PURPOSE_NOT_ALLOWED', `Members may not upload "${purpose}"`);
      }
      const owner = { ownerId: caller.memberId, data };
      if (isDocumentUpload(purpose)) {
        return o.uploads.storeDocument({ ...owner, purpose: 'file', fileName: part.filename });
      }
      return o.uploads.storeImage({ ...owner, purpose });
    },
  });

  app.get(
    Paths.upload,
    { config: { access: 'member' }, schema: { tags, params: ZUploadIdParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const file = await o.uploads.read(request.params.id, { memberId: caller.memberId, role: caller.role });
      reply.headers(fileHeaders(file));
      return file.data;
    },
  );
};
