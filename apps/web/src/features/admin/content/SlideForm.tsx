import {
  ContentLimits,
  Languages,
  localizedFormValue,
  type TAdminSlide,
  type TLanguage,
  ZSlideInput,
  ZSlideLink,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showToast } from '../../../app/toast';
import { FormField } from '../../../shared/FormField';
import { type ErrorPlaces, handledBy, placeServerError } from '../../../shared/server-errors';
import { ImageUploadField } from '../../../shared/uploads';
import { FormActions } from '../FormActions';
import { contentAdminApi, refreshContent } from './content-admin.api';
import { invalidLanguages, LanguageTabs } from './LanguageTabs';

type OtherLanguage = Exclude<TLanguage, 'en-US'>;
const otherLanguages = Languages.filter((l): l is OtherLanguage => l !== 'en-US');

// ZSlideInput's rules on what the admin types: an empty link means none, the position is typed text, a
// language without its own picture is '' (members of it see the English picture).
const ZSlideForm = z.object({
  uploadId: z.string().min(1, { message: 'REQUIRED' }),
  uploadTranslations: ZSlideInput.shape.uploadTranslations,
  alt: ZSlideInput.shape.alt,
  link: z.union([z.literal(''), ZSlideLink]),
  position: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, { message: 'VALIDATION_FAILED' }),
});
type Values = z.input<typeof ZSlideForm>;
type Parsed = z.output<typeof ZSlideForm>;

const places: ErrorPlaces<Values> = { UPLOAD_NOT_FOUND: 'uploadId', CONTENT_NOT_FOUND: 'uploadId' };
const fieldNames = ['uploadId', 'uploadTranslations', 'alt', 'link', 'position'];

/**
 * One slider image: its picture and what it shows, per language (decisions 73-74; English required, another
 * language may have a picture with its own words), where tapping it leads, its place.
 */
export function SlideForm({ item, onClose }: { item: TAdminSlide | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(ZSlideForm),
    defaultValues: {
      uploadId: item?.uploadId ?? '',
      uploadTranslations: Object.fromEntries(
        otherLanguages.map((l) => [l, item?.uploadTranslations[l] ?? '']),
      ) as Record<OtherLanguage, string>,
      alt: localizedFormValue(item?.alt),
      link: item?.link ?? '',
      position: String(item?.position ?? 0),
    },
  });
  const save = useMutation({
    mutationFn: (values: Parsed) => {
      const body = {
        uploadId: values.uploadId,
        uploadTranslations: values.uploadTranslations,
        alt: values.alt,
        link: values.link || null,
        position: Number(values.position),
      };
      const o = { handled: handledBy(places) };
      return item ? contentAdminApi.updateSlide(item.id, body, o) : contentAdminApi.createSlide(body, o);
    },
    onSuccess: () => {
      showToast(t('content.admin.saved'), { icon: 'success' });
      refreshContent(queryClient);
      onClose();
    },
    onError: (error) => placeServerError(error, form.setError, places, fieldNames),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} data-testid="slide-form">
      <LanguageTabs
        invalid={invalidLanguages(form.formState.errors, ['uploadId', 'uploadTranslations', 'alt'])}
        submitCount={form.formState.submitCount}
      >
        {(lang) => (
          <>
            <FormField
              control={form.control}
              name={lang === 'en-US' ? 'uploadId' : `uploadTranslations.${lang}`}
              label={t('content.admin.slides.pictureLabel')}
              status={
                lang === 'en-US'
                  ? null
                  : { tone: 'info', text: t('content.admin.slides.pictureLanguageHint') }
              }
              render={(field) => (
                <ImageUploadField
                  purpose="slider"
                  label={t('content.admin.slides.pictureLabel')}
                  labelVisible={false}
                  {...(field.value ? { value: field.value } : {})}
                  onChange={(id) => field.onChange(id ?? '')}
                />
              )}
            />
            <FormField
              control={form.control}
              name={`alt.${lang}`}
              label={t('content.admin.slides.altLabel')}
              status={{ tone: 'info', text: t('content.admin.slides.altHint') }}
              maxLength={ContentLimits.slideAltMax}
            />
          </>
        )}
      </LanguageTabs>
      <FormField
        control={form.control}
        name="link"
        label={t('content.admin.slides.linkLabel')}
        placeholder={t('content.admin.slides.linkPlaceholder')}
        status={{ tone: 'info', text: t('content.admin.slides.linkHint') }}
        autoComplete="off"
      />
      <FormField
        control={form.control}
        name="position"
        label={t('content.admin.slides.positionLabel')}
        inputMode="numeric"
        maxLength={4}
      />
      <FormActions submitText={t('content.admin.save')} pending={save.isPending} onCancel={onClose} />
    </form>
  );
}
