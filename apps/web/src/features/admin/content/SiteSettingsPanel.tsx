import { ContentLimits, localizedFormValue, ZAppVersionInput, zLocalizedText } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import TextArea from 'antd-mobile/es/components/text-area';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showToast } from '../../../app/toast';
import { useMe } from '../../../app/use-me';
import { FormField } from '../../../shared/FormField';
import { handledBy, placeServerError } from '../../../shared/server-errors';
import { FormActions } from '../FormActions';
import { Panel } from '../Panel';
import { PanelForm } from '../PanelForm';
import styles from './ContentForms.module.css';
import { contentAdminApi, contentAdminKeys, refreshContent } from './content-admin.api';
import { invalidLanguages, LanguageTabs } from './LanguageTabs';

const ZNoteForm = z.object({ text: zLocalizedText(ContentLimits.aboutMax) });
type NoteValues = z.input<typeof ZNoteForm>;
type NoteParsed = z.output<typeof ZNoteForm>;

// ZAppVersionInput on what the admin types: an empty download address means none for that platform.
const ZVersionForm = z.object({
  currentVersion: z.string(),
  minimumVersion: z.string(),
  android: z.string().trim(),
  ios: z.string().trim(),
});
type VersionValues = z.infer<typeof ZVersionForm>;
const versionFields = ['currentVersion', 'minimumVersion', 'android', 'ios'];

function versionBody(v: VersionValues) {
  return {
    currentVersion: v.currentVersion,
    minimumVersion: v.minimumVersion,
    downloads: { android: v.android || null, ios: v.ios || null },
  };
}

/**
 * A site note written per language (decision 65): the about-us text members read on the About us page, or
 * the note members read above the withdrawal form.
 */
function SiteNoteForm({
  kind,
  max,
  title,
  label,
}: {
  kind: 'about' | 'withdrawalNote';
  max: number;
  title: string;
  label: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const note = useQuery({
    queryKey: contentAdminKeys[kind],
    queryFn: ({ signal }) =>
      kind === 'about' ? contentAdminApi.about(signal) : contentAdminApi.withdrawalNote(signal),
  });
  const form = useForm<NoteValues, unknown, NoteParsed>({
    resolver: zodResolver(z.object({ text: zLocalizedText(max) })),
    defaultValues: { text: localizedFormValue(null) },
  });
  const loaded = note.data?.text;
  useEffect(() => {
    if (loaded !== undefined) form.reset({ text: localizedFormValue(loaded) });
  }, [loaded, form]);
  const save = useMutation({
    mutationFn: (values: NoteParsed) => {
      const o = { handled: handledBy({}) };
      return kind === 'about'
        ? contentAdminApi.setAbout(values.text, o)
        : contentAdminApi.setWithdrawalNote(values.text, o);
    },
    onSuccess: () => {
      showToast(t('content.admin.saved'), { icon: 'success' });
      refreshContent(queryClient);
    },
    onError: (error) => placeServerError(error, form.setError, {}, ['text']),
  });
  return (
    <PanelForm title={title} onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <LanguageTabs
        invalid={invalidLanguages(form.formState.errors, ['text'])}
        submitCount={form.formState.submitCount}
      >
        {(lang) => (
          <FormField
            control={form.control}
            name={`text.${lang}`}
            label={label}
            status={{ tone: 'info', text: t('content.admin.news.bodyHint') }}
            render={(field) => (
              <TextArea
                id={`field-${kind}-${lang}`}
                className={styles.textarea}
                aria-label={label}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                rows={kind === 'about' ? 8 : 4}
                maxLength={max}
              />
            )}
          />
        )}
      </LanguageTabs>
      <FormActions submitText={t('content.admin.save')} pending={save.isPending} />
    </PanelForm>
  );
}

/** The app's current and minimum version and its download addresses (check_version, downloadurl). */
function VersionForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const version = useQuery({
    queryKey: contentAdminKeys.version,
    queryFn: ({ signal }) => contentAdminApi.version(signal),
  });
  const form = useForm<VersionValues>({
    // The server's rules, checked on the body it will receive; their codes land on this form's fields.
    resolver: async (values, context, options) => {
      const parsed = ZAppVersionInput.safeParse(versionBody(values));
      if (parsed.success) return zodResolver(ZVersionForm)(values, context, options);
      const errors: Record<string, { type: string; message: string }> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path.at(-1));
        errors[name] ??= { type: 'validate', message: issue.message };
      }
      return { values: {}, errors };
    },
    defaultValues: { currentVersion: '', minimumVersion: '', android: '', ios: '' },
  });
  const data = version.data;
  useEffect(() => {
    if (!data) return;
    form.reset({
      currentVersion: data.currentVersion,
      minimumVersion: data.minimumVersion,
      android: data.downloads.android ?? '',
      ios: data.downloads.ios ?? '',
    });
  }, [data, form]);
  const save = useMutation({
    mutationFn: (values: VersionValues) =>
      contentAdminApi.setVersion(versionBody(values), { handled: handledBy({}) }),
    onSuccess: () => {
      showToast(t('content.admin.saved'), { icon: 'success' });
      refreshContent(queryClient);
    },
    onError: (error) => placeServerError(error, form.setError, {}, versionFields),
  });
  return (
    <PanelForm
      title={t('content.admin.version.title')}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <FormField
        control={form.control}
        name="currentVersion"
        label={t('content.admin.version.current')}
        inputMode="decimal"
      />
      <FormField
        control={form.control}
        name="minimumVersion"
        label={t('content.admin.version.minimum')}
        inputMode="decimal"
        status={{ tone: 'info', text: t('content.admin.version.minimumHint') }}
      />
      <FormField
        control={form.control}
        name="android"
        label={t('content.admin.version.android')}
        placeholder={t('content.admin.version.urlPlaceholder')}
        autoComplete="off"
      />
      <FormField
        control={form.control}
        name="ios"
        label={t('content.admin.version.ios')}
        placeholder={t('content.admin.version.urlPlaceholder')}
        autoComplete="off"
      />
      <FormActions submitText={t('content.admin.save')} pending={save.isPending} />
    </PanelForm>
  );
}

/** About us and the app version, side by side on a wide screen. */
export function SiteSettingsPanel() {
  const { t } = useTranslation();
  // The app version points members at a download: admins only (decision 45); support edits the text.
  const isAdmin = useMe().user?.role === 'admin';
  return (
    <Panel title={t('content.admin.tabs.about')} hint={t('content.admin.about.hint')}>
      <SiteNoteForm
        kind="about"
        max={ContentLimits.aboutMax}
        title={t('content.admin.about.title')}
        label={t('content.admin.about.textLabel')}
      />
      <SiteNoteForm
        kind="withdrawalNote"
        max={ContentLimits.withdrawalNoteMax}
        title={t('content.admin.withdrawalNote.title')}
        label={t('content.admin.withdrawalNote.textLabel')}
      />
      {isAdmin ? <VersionForm /> : null}
    </Panel>
  );
}
