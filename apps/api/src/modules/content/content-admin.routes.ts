import {
  Paths,
  ZAboutInput,
  ZAdminAnnouncement,
  ZAdminAnnouncements,
  ZAdminContentFile,
  ZAdminContentFiles,
  ZAdminNewsItem,
  ZAdminNewsPage,
  ZAdminNewsQuery,
  ZAdminSiteNote,
  ZAdminSlide,
  ZAdminSlides,
  ZAnnouncementInput,
  ZAppVersionInput,
  ZAppVersionSettings,
  ZContentFileInput,
  ZContentFileUpdate,
  ZContentIdParams,
  ZNewsInput,
  ZOk,
  ZSlideInput,
  ZWithdrawalNoteInput,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { Actor } from '../../platform/audit';
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
  const byId = { params: ZContentIdParams };

  // ---- news ----
  app.get(
    Paths.adminNews,
    { config: staff, schema: { tags, querystring: ZAdminNewsQuery, response: { 200: ZAdminNewsPage } } },
    (request) => o.news.adminList(request.query),
  );
  app.post(
    Paths.adminNews,
    { config: staff, schema: { tags, body: ZNewsInput, response: { 200: ZAdminNewsItem } } },
    (request) => o.news.create(actorOf(request), request.body),
  );
  app.put(
    Paths.adminNewsItem,
    { config: staff, schema: { tags, ...byId, body: ZNewsInput, response: { 200: ZAdminNewsItem } } },
    (request) => o.news.update(actorOf(request), request.params.id, request.body),
  );
  app.post(
    Paths.adminNewsPublish,
    { config: staff, schema: { tags, ...byId, response: { 200: ZAdminNewsItem } } },
    (request) => o.news.publish(actorOf(request), request.params.id),
  );
  app.post(
    Paths.adminNewsUnpublish,
    { config: staff, schema: { tags, ...byId, response: { 200: ZAdminNewsItem } } },
    (request) => o.news.unpublish(actorOf(request), request.params.id),
  );
  app.delete(
    Paths.adminNewsItem,
    { config: staff, schema: { tags, ...byId, response: { 200: ZOk } } },
    async (request) => {
      await o.news.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  // ---- announcements ----
  app.get(
    Paths.adminAnnouncements,
    { config: staff, schema: { tags, response: { 200: ZAdminAnnouncements } } },
    () => o.announcements.adminList(),
  );
  app.post(
    Paths.adminAnnouncements,
    { config: staff, schema: { tags, body: ZAnnouncementInput, response: { 200: ZAdminAnnouncement } } },
    (request) => o.announcements.create(actorOf(request), request.body),
  );
  app.put(
    Paths.adminAnnouncement,
    {
      config: staff,
      schema: { tags, ...byId, body: ZAnnouncementInput, response: { 200: ZAdminAnnouncement } },
    },
    (request) => o.announcements.update(actorOf(request), request.params.id, request.body),
  );
  app.delete(
    Paths.adminAnnouncement,
    { config: staff, schema: { tags, ...byId, response: { 200: ZOk } } },
    async (request) => {
      await o.announcements.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  // ---- slider ----
  app.get(Paths.adminSlides, { config: staff, schema: { tags, response: { 200: ZAdminSlides } } }, () =>
    o.slides.adminList(),
  );
  app.post(
    Paths.adminSlides,
    { config: staff, schema: { tags, body: ZSlideInput, response: { 200: ZAdminSlide } } },
    (request) => o.slides.create(actorOf(request), request.body),
  );
  app.put(
    Paths.adminSlide,
    { config: staff, schema: { tags, ...byId, body: ZSlideInput, response: { 200: ZAdminSlide } } },
    (request) => o.slides.update(actorOf(request), request.params.id, request.body),
  );
  app.delete(
    Paths.adminSlide,
    { config: staff, schema: { tags, ...byId, response: { 200: ZOk } } },
    async (request) => {
      await o.slides.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  // ---- files ----
  app.get(Paths.adminFiles, { config: staff, schema: { tags, response: { 200: ZAdminContentFiles } } }, () =>
    o.files.adminList(),
  );
  app.post(
    Paths.adminFiles,
    { config: staff, schema: { tags, body: ZContentFileInput, response: { 200: ZAdminContentFile } } },
    (request) => o.files.create(actorOf(request), request.body),
  );
  app.put(
    Paths.adminFile,
    {
      config: staff,
      schema: { tags, ...byId, body: ZContentFileUpdate, response: { 200: ZAdminContentFile } },
    },
    (request) => o.files.rename(actorOf(request), request.params.id, request.body.title),
  );
  app.delete(
    Paths.adminFile,
    { config: staff, schema: { tags, ...byId, response: { 200: ZOk } } },
    async (request) => {
      await o.files.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  // ---- about us, the withdrawal note (every language), app version ----
  app.get(Paths.adminAbout, { config: staff, schema: { tags, response: { 200: ZAdminSiteNote } } }, () =>
    o.site.adminAbout(),
  );
  app.put(
    Paths.adminAbout,
    { config: staff, schema: { tags, body: ZAboutInput, response: { 200: ZAdminSiteNote } } },
    (request) => o.site.setAbout(actorOf(request), request.body.text),
  );
  app.get(
    Paths.adminWithdrawalNote,
    { config: staff, schema: { tags, response: { 200: ZAdminSiteNote } } },
    () => o.site.withdrawalNote(),
  );
  app.put(
    Paths.adminWithdrawalNote,
    { config: staff, schema: { tags, body: ZWithdrawalNoteInput, response: { 200: ZAdminSiteNote } } },
    (request) => o.site.setWithdrawalNote(actorOf(request), request.body.text),
  );
  app.get(
    Paths.adminAppVersion,
    { config: adminOnly, schema: { tags, response: { 200: ZAppVersionSettings } } },
    () => o.site.version(),
  );
  app.put(
    Paths.adminAppVersion,
    { config: adminOnly, schema: { tags, body: ZAppVersionInput, response: { 200: ZAppVersionSettings } } },
    (request) => o.site.setVersion(actorOf(request), request.body),
  );
};
