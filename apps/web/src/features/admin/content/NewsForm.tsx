import { ContentLimits, localizedFormValue, type TAdminNewsItem, ZNewsInput } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Checkbox from 'antd-mobile/es/components/checkbox';
import TextArea from 'antd-mobile/es/components/text-area';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorText } from '../../../app/error-text';
import { showToast } from '../../../app/toast';
import { FormField } from '../../../shared/FormField';
import { type ErrorPlaces, handledBy, placeServerError } from '../../../shared/server-errors';
import { ImageUploadField } from '../../../shared/uploads';
import { FormActions } from '../FormActions';
import styles from './ContentForms.module.css';
import { contentAdminApi, refreshContent } from './content-admin.api';
import { invalidLanguages, LanguageTabs } from './LanguageTabs';

type NewsIn = z.input<typeof ZNewsInput>;
type NewsOut = z.output<typeof ZNewsInput>;

const places: ErrorPlaces<NewsIn> = { UPLOAD_NOT_FOUND: 'coverUploadId', NEWS_NOT_FOUND: 'root' };
const localized = ['title', 'summary', 'body'];
const fieldNames = [...localized, 'coverUploadId', 'important'];

/** Writes a news item (a new one is a draft) or edits one; publishing is a separate step in the list. */
export function NewsForm({ item, onClose }: { item: TAdminNewsItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<NewsIn, unknown, NewsOut>({
    resolver: zodResolver(ZNewsInput),
    defaultValues: {
      title: localizedFormValue(item?.title),
      summary: localizedFormValue(item?.summary),
      body: localizedFormValue(item?.body),
      coverUploadId: item?.coverUploadId ?? null,
      important: item?.important ?? false,
    },
  });
  const save = useMutation({
    mutationFn: (values: NewsOut) => {
      const o = { handled: handledBy(places) };
      return item ? contentAdminApi.updateNews(item.id, values, o) : contentAdminApi.createNews(values, o);
    },
    onSuccess: () => {
      showToast(t(item ? 'content.admin.news.saved' : 'content.admin.news.created'), { icon: 'success' });
      refreshContent(queryClient);
      onClose();
    },
    onError: (error) => placeServerError(error, form.setError, places, fieldNames),
  });
  const rootError = form.formState.errors.root?.server?.message;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} data-testid="news-form">
      <LanguageTabs
        invalid={invalidLanguages(form.formState.errors, localized)}
        submitCount={form.formState.submitCount}
      >
        {(lang) => (
          <>
            <FormField
              control={form.control}
              name={`title.${lang}`}
              label={t('content.admin.news.titleLabel')}
              maxLength={ContentLimits.titleMax}
            />
            <FormField
              control={form.control}
              name={`summary.${lang}`}
              label={t('content.admin.news.summaryLabel')}
              maxLength={ContentLimits.summaryMax}
            />
            <FormField
              control={form.control}
              name={`body.${lang}`}
              label={t('content.admin.news.bodyLabel')}
              status={{ tone: 'info', text: t('content.admin.news.bodyHint') }}
              render={(field) => (
                <TextArea
                  id={`field-body-${lang}`}
                  className={styles.textarea}
                  aria-label={t('content.admin.news.bodyLabel')}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  rows={8}
                  maxLength={ContentLimits.bodyMax}
                />
              )}
            />
          </>
        )}
      </LanguageTabs>
      <FormField
        control={form.control}
        name="coverUploadId"
        label={t('content.admin.news.coverLabel')}
        render={(field) => (
          <ImageUploadField
            purpose="news"
            label={t('content.admin.news.coverLabel')}
            labelVisible={false}
            {...(field.value ? { value: field.value } : {})}
            onChange={(id) => field.onChange(id ?? null)}
          />
        )}
      />
      <FormField
        control={form.control}
        name="important"
        label={t('content.admin.news.importantLabel')}
        render={(field) => (
          <Checkbox checked={field.value === true} onChange={field.onChange} data-testid="news-important">
            {t('content.admin.news.importantHint')}
          </Checkbox>
        )}
      />
      {rootError ? (
        <p className={styles.error} role="alert">
          {errorText(rootError)}
        </p>
      ) : null}
      <FormActions submitText={t('content.admin.save')} pending={save.isPending} onCancel={onClose} />
    </form>
  );
}
