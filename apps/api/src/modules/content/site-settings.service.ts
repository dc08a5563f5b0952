import {
  compareVersions,
  pickText,
  type TAbout,
  type TAdminSiteNote,
  type TAppVersionCheck,
  type TAppVersionQuery,
  type TAppVersionSettings,
  type TLanguage,
  type TLocalizedText,
  ZAppVersionSettings,
} from '@app/contracts';
import type { Db } from '../../db/database';
import { type AnyDb, own } from '../../db/tables';
import { type Actor, recordAudit } from '../../platform/audit';

const ABOUT_KEY = 'about_us';
const WITHDRAWAL_NOTE_KEY = 'withdrawal_note';

/** The site notes admins write per language (decision 65). */
export type SiteNoteKey = typeof ABOUT_KEY | typeof WITHDRAWAL_NOTE_KEY;

/** A stored note's texts: `{ text: { "en-US": ..., "de": ... } }` since migration 0043. */
function textsOf(value: Record<string, unknown> | undefined): TLocalizedText {
  const text = value?.text;
  if (typeof text === 'string') return { 'en-US': text };
  if (text && typeof text === 'object' && typeof (text as TLocalizedText)['en-US'] === 'string') {
    return text as TLocalizedText;
  }
  return { 'en-US': '' };
}

/** A site note in the member's language, English where that one is missing (the wallet's withdrawal note). */
export async function readSiteNote(db: AnyDb, key: SiteNoteKey, lang: TLanguage): Promise<string> {
  const row = await readSetting(db, key);
  return pickText(textsOf(row?.value), lang);
}
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

  async function note(key: SiteNoteKey): Promise<TAdminSiteNote> {
    const row = await read(key);
    return { text: textsOf(row?.value), updatedAt: row?.updated_at.toISOString() ?? null };
  }

  async function setNote(actor: Actor, key: SiteNoteKey, text: TLocalizedText): Promise<TAdminSiteNote> {
    await write(
      actor,
      key,
      { text },
      key === ABOUT_KEY ? 'content.about.update' : 'content.withdrawal_note.update',
    );
    return note(key);
  }

  return {
    /** The about-us text in `lang`, English where that one is missing. */
    about: async (lang: TLanguage): Promise<TAbout> => {
      const n = await note(ABOUT_KEY);
      return { text: pickText(n.text, lang), updatedAt: n.updatedAt };
    },
    /** Every language, for the admin's form. */
    adminAbout: () => note(ABOUT_KEY),
    setAbout: (actor: Actor, text: TLocalizedText) => setNote(actor, ABOUT_KEY, text),
    withdrawalNote: () => note(WITHDRAWAL_NOTE_KEY),
    setWithdrawalNote: (actor: Actor, text: TLocalizedText) => setNote(actor, WITHDRAWAL_NOTE_KEY, text),

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
        inReview: asked !== undefined && compareVersions(asked, v.currentVersion) > 0,
      };
    },

    setVersion: async (actor: Actor, input: TAppVersionSettings): Promise<TAppVersionSettings> => {
      await write(actor, VERSION_KEY, input, 'content.app_version.update');
      return input;
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;
