import { type AppModule, routesOf } from '../../platform/module';
import { uploadRoutes } from './uploads.routes';
import { createUploadService, type UploadServiceDeps } from './uploads.service';

/** Uploaded images and files, kept private until another module claims them for a purpose. */
export function createUploadsModule(deps: UploadServiceDeps & { uploadRateLimit: number }) {
  const uploads = createUploadService(deps);
  return {
    uploads,
    routes: routesOf(uploadRoutes, { uploads, uploadRateLimit: deps.uploadRateLimit }),
  } satisfies AppModule;
}
