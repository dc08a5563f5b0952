import {
  compareVersions,
  type TAbout,
  type TAppVersionCheck,
  type TAppVersionQuery,
  type TAppVersionSettings,
  ZAppVersionSettings,
} from '@app/contracts';
import type { Db } from '../../db/database';
import { type AnyDb, own } from '../../db/tables';
import { type Actor, recordAudit } from '../../platform/audit';

const ABOUT_KEY = 'about_us';
const VERSION_KEY = 'app_version';

/** What the app version is before an admin has set one: the deployment's configuration. */
export interface VersionDefaults {
  version: string;
  downloadUrl: string;
}

function defaultsOf(d: VersionDefaults): TAppVersionSettings {
  const url = /^https:\/\/\S+$/.test(d.downloadUrl) ? d.downloadUrl : null;
  return { currentVersion: d.version, minimumVersion: d.version, downloads: { android: url, ios: url } };
}

/**
 * One site setting's stored value (jsonb) and when it changed, for this module and for others that show a
 * setting (the wallet's withdrawal note), through the caller's handle. The content module owns `settings`.
 */
export const readSetting = (db: AnyDb, key: string) =>
  own<'settings'>(db)
    .selectFrom('settings')
    .select(['value', 'updated_at'])
    .where('key', '=', key)
    .executeTakeFirst();

/**
 * The about-us text and the app's version and download links (index/check_version, index/downloadurl),
 * kept in the `settings` table as `about_us` and `app_version`.
 */
export function createSiteSettingsService({ db, defaults }: { db: Db; defaults: VersionDefaults }) {
  const read = (key: string) => readSetting(db, key);

  async function write(actor: Actor, key: string, value: Record<string, unknown>, action: string) {
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .forUpdate()
        .executeTakeFirst();
      await trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }),
        )
        .execute();
      await recordAudit(trx, actor, {
        action,
        subject: `setting:${key}`,
        detail: { before: before?.value ?? null, after: value },
      });
    });
  }

  async function version(): Promise<TAppVersionSettings> {
    const row = await read(VERSION_KEY);
    const stored = ZAppVersionSettings.safeParse(row?.value);
    return stored.success ? stored.data : defaultsOf(defaults);
  }

  return {
    about: async (): Promise<TAbout> => {
      const row = await read(ABOUT_KEY);
      const text = typeof row?.value.text === 'string' ? row.value.text : '';
      return { text, updatedAt: row?.updated_at.toISOString() ?? null };
    },

    setAbout: async (actor: Actor, text: string): Promise<TAbout> => {
      await write(actor, ABOUT_KEY, { text }, 'content.about.update');
      const row = await read(ABOUT_KEY);
      return { text, updatedAt: row?.updated_at.toISOString() ?? null };
    },

    version,

    /** check_version: whether the asking client (platform, version) should or must update. */
    check: async (query: TAppVersionQuery): Promise<TAppVersionCheck> => {
      const v = await version();
      const asked = query.version;
      return {
        ...v,
        downloadUrl: query.platform ? v.downloads[query.platform] : null,
        updateAvailable: asked !== undefined && compareVersions(asked, v.currentVersion) < 0,
        updateRequired: asked !== undefined && compareVersions(asked, v.minimumVersion) < 0,
      };
    },

    setVersion: async (actor: Actor, input: TAppVersionSettings): Promise<TAppVersionSettings> => {
      await write(actor, VERSION_KEY, input, 'content.app_version.update');
      return input;
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;
