import { ContentLimits, ZAboutInput, ZAppVersionInput } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TextArea } from 'antd-mobile';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showToast } from '../../../app/toast';
import { useMe } from '../../../app/use-me';
import { FormField } from '../../../shared/FormField';
import { handledBy, placeServerError } from '../../../shared/server-errors';
import { contentApi, contentKeys } from '../../content/content.api';
import { FormActions } from '../FormActions';
import { Panel } from '../Panel';
import { PanelForm } from '../PanelForm';
import styles from './ContentForms.module.css';
import { contentAdminApi, contentAdminKeys, refreshContent } from './content-admin.api';

type AboutValues = z.infer<typeof ZAboutInput>;

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

/** The about-us text members read on the About us page. */
function AboutForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const about = useQuery({ queryKey: contentKeys.about, queryFn: ({ signal }) => contentApi.about(signal) });
  const form = useForm<AboutValues>({ resolver: zodResolver(ZAboutInput), defaultValues: { text: '' } });
  const loaded = about.data?.text;
  useEffect(() => {
    if (loaded !== undefined) form.reset({ text: loaded });
  }, [loaded, form]);
  const save = useMutation({
    mutationFn: (values: AboutValues) => contentAdminApi.setAbout(values.text, { handled: handledBy({}) }),
    onSuccess: () => {
      showToast(t('content.admin.saved'), { icon: 'success' });
      refreshContent(queryClient);
    },
    onError: (error) => placeServerError(error, form.setError, {}, ['text']),
  });
  return (
    <PanelForm
      title={t('content.admin.about.title')}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <FormField
        control={form.control}
        name="text"
        label={t('content.admin.about.textLabel')}
        status={{ tone: 'info', text: t('content.admin.news.bodyHint') }}
        render={(field) => (
          <TextArea
            className={styles.textarea}
            aria-label={t('content.admin.about.textLabel')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            rows={8}
            maxLength={ContentLimits.aboutMax}
          />
        )}
      />
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
      <AboutForm />
      {isAdmin ? <VersionForm /> : null}
    </Panel>
  );
}
