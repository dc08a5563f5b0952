import { Endpoints } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { Actor } from '../../platform/audit';
import { route } from '../../platform/endpoint-route';
import type { ContentServices } from './content.routes';

const tags = ['admin', 'content'];

const actorOf = (request: FastifyRequest): Actor => ({
  memberId: callerOf(request).memberId,
  ip: request.ip,
});

/**
 * Staff (admins and support) write what members read. The app version, which points members at a download,
 * stays with admins. Every change is audited by its service.
 */
export const contentAdminRoutes: FastifyPluginAsyncZod<ContentServices> = async (app, o) => {
  const staff = { access: 'staff' as const };
  const adminOnly = { access: 'admin' as const };

  // ---- news ----
  route(app, Endpoints.contentAdmin.adminNews, {
    config: staff,
    tags,
    handler: (request) => o.news.adminList(request.query),
  });
  route(app, Endpoints.contentAdmin.postAdminNews, {
    config: staff,
    tags,
    handler: (request) => o.news.create(actorOf(request), request.body),
  });
  route(app, Endpoints.contentAdmin.putAdminNewsItem, {
    config: staff,
    tags,
    handler: (request) => o.news.update(actorOf(request), request.params.id, request.body),
  });
  route(app, Endpoints.contentAdmin.adminNewsPublish, {
    config: staff,
    tags,
    handler: (request) => o.news.publish(actorOf(request), request.params.id),
  });
  route(app, Endpoints.contentAdmin.adminNewsUnpublish, {
    config: staff,
    tags,
    handler: (request) => o.news.unpublish(actorOf(request), request.params.id),
  });
  route(app, Endpoints.contentAdmin.deleteAdminNewsItem, {
    config: staff,
    tags,
    handler: async (request) => {
      await o.news.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  // ---- announcements ----
  route(app, Endpoints.contentAdmin.adminAnnouncements, {
    config: staff,
    tags,
    handler: () => o.announcements.adminList(),
  });
  route(app, Endpoints.contentAdmin.postAdminAnnouncements, {
    config: staff,
    tags,
    handler: (request) => o.announcements.create(actorOf(request), request.body),
  });
  route(app, Endpoints.contentAdmin.putAdminAnnouncement, {
    config: staff,
    tags,
    handler: (request) => o.announcements.update(actorOf(request), request.params.id, request.body),
  });
  route(app, Endpoints.contentAdmin.deleteAdminAnnouncement, {
    config: staff,
    tags,
    handler: async (request) => {
      await o.announcements.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  // ---- slider ----
  route(app, Endpoints.contentAdmin.adminSlides, {
    config: staff,
    tags,
    handler: () => o.slides.adminList(),
  });
  route(app, Endpoints.contentAdmin.postAdminSlides, {
    config: staff,
    tags,
    handler: (request) => o.slides.create(actorOf(request), request.body),
  });
  route(app, Endpoints.contentAdmin.putAdminSlide, {
    config: staff,
    tags,
    handler: (request) => o.slides.update(actorOf(request), request.params.id, request.body),
  });
  route(app, Endpoints.contentAdmin.deleteAdminSlide, {
    config: staff,
    tags,
    handler: async (request) => {
      await o.slides.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  // ---- files ----
  route(app, Endpoints.contentAdmin.adminFiles, {
    config: staff,
    tags,
    handler: () => o.files.adminList(),
  });
  route(app, Endpoints.contentAdmin.postAdminFiles, {
    config: staff,
    tags,
    handler: (request) => o.files.create(actorOf(request), request.body),
  });
  route(app, Endpoints.contentAdmin.putAdminFile, {
    config: staff,
    tags,
    handler: (request) => o.files.rename(actorOf(request), request.params.id, request.body.title),
  });
  route(app, Endpoints.contentAdmin.deleteAdminFile, {
    config: staff,
    tags,
    handler: async (request) => {
      await o.files.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  // ---- about us, the withdrawal note (every language), app version ----
  route(app, Endpoints.contentAdmin.adminAbout, {
    config: staff,
    tags,
    handler: () => o.site.adminAbout(),
  });
  route(app, Endpoints.contentAdmin.putAdminAbout, {
    config: staff,
    tags,
    handler: (request) => o.site.setAbout(actorOf(request), request.body.text),
  });
  route(app, Endpoints.contentAdmin.adminWithdrawalNote, {
    config: staff,
    tags,
    handler: () => o.site.withdrawalNote(),
  });
  route(app, Endpoints.contentAdmin.putAdminWithdrawalNote, {
    config: staff,
    tags,
    handler: (request) => o.site.setWithdrawalNote(actorOf(request), request.body.text),
  });
  route(app, Endpoints.contentAdmin.adminAppVersion, {
    config: adminOnly,
    tags,
    handler: () => o.site.version(),
  });
  route(app, Endpoints.contentAdmin.putAdminAppVersion, {
    config: adminOnly,
    tags,
    handler: (request) => o.site.setVersion(actorOf(request), request.body),
  });
};
