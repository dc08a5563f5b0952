import { ContentLimits, localizedFormValue, type TAdminAnnouncement, zLocalizedText } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showToast } from '../../../app/toast';
import { FormField, fieldId } from '../../../shared/FormField';
import { type ErrorPlaces, handledBy, placeServerError } from '../../../shared/server-errors';
import { FormActions } from '../FormActions';
import styles from './ContentForms.module.css';
import { contentAdminApi, refreshContent } from './content-admin.api';
import { invalidLanguages, LanguageTabs } from './LanguageTabs';

// The window is typed in the admin's own time zone (datetime-local) and sent as an instant.
const ZAnnouncementForm = z.object({
  text: zLocalizedText(ContentLimits.announcementMax),
  startsAt: z.string(),
  endsAt: z.string(),
});
type Values = z.input<typeof ZAnnouncementForm>;
type Parsed = z.output<typeof ZAnnouncementForm>;

const places: ErrorPlaces<Values> = { CONTENT_NOT_FOUND: 'root' };
const fieldNames = ['text', 'startsAt', 'endsAt'];

/** `2030-01-02T08:30` in local time <-> an ISO instant. */
const toInstant = (local: string) => (local ? new Date(local).toISOString() : null);
function toLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** One marquee line and when it shows (from now, or from a moment; until removed, or until a moment). */
export function AnnouncementForm({
  item,
  onClose,
}: {
  item: TAdminAnnouncement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(ZAnnouncementForm),
    defaultValues: {
      text: localizedFormValue(item?.text),
      startsAt: toLocal(item?.startsAt),
      endsAt: toLocal(item?.endsAt),
    },
  });
  const save = useMutation({
    mutationFn: (values: Parsed) => {
      const body = {
        text: values.text,
        startsAt: toInstant(values.startsAt),
        endsAt: toInstant(values.endsAt),
      };
      const o = { handled: handledBy(places) };
      return item
        ? contentAdminApi.updateAnnouncement(item.id, body, o)
        : contentAdminApi.createAnnouncement(body, o);
    },
    onSuccess: () => {
      showToast(t('content.admin.saved'), { icon: 'success' });
      refreshContent(queryClient);
      onClose();
    },
    onError: (error) => placeServerError(error, form.setError, places, fieldNames),
  });
  const dateField = (name: 'startsAt' | 'endsAt', label: string, hint: string) => (
    <FormField
      control={form.control}
      name={name}
      label={label}
      status={{ tone: 'info', text: hint }}
      render={(field) => (
        <input
          id={fieldId(name)}
          type="datetime-local"
          className={styles.textarea}
          aria-label={label}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        />
      )}
    />
  );

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      data-testid="announcement-form"
    >
      <LanguageTabs
        invalid={invalidLanguages(form.formState.errors, ['text'])}
        submitCount={form.formState.submitCount}
      >
        {(lang) => (
          <FormField
            control={form.control}
            name={`text.${lang}`}
            label={t('content.admin.announcements.textLabel')}
            maxLength={ContentLimits.announcementMax}
          />
        )}
      </LanguageTabs>
      {dateField(
        'startsAt',
        t('content.admin.announcements.startsLabel'),
        t('content.admin.announcements.startsHint'),
      )}
      {dateField(
        'endsAt',
        t('content.admin.announcements.endsLabel'),
        t('content.admin.announcements.endsHint'),
      )}
      <FormActions submitText={t('content.admin.save')} pending={save.isPending} onCancel={onClose} />
    </form>
  );
}
