import {
  EnquiryCategories,
  SupportLimits,
  type TEnquiryThread,
  type TOpenEnquiryRequest,
  ZOpenEnquiryRequest,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ChoiceField } from '../../shared/ChoiceChips';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import formStyles from '../../shared/FormPage.module.css';
import { PageLayout } from '../../shared/PageLayout';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { ImageUploadField } from '../../shared/uploads';
import styles from './SupportPages.module.css';
import { supportApi, supportKeys } from './support.api';
import { SupportPaths, threadPath } from './support-paths';
import { TextAreaField } from './TextAreaField';

const places: ErrorPlaces<TOpenEnquiryRequest> = { UPLOAD_NOT_FOUND: 'pictureId', RATE_LIMITED: 'root' };
const fieldNames = ['category', 'subject', 'message', 'pictureId'] as const;

/** CustomerServiceMain (sendEnquiries): a new enquiry, then straight into its chat. */
export default function NewEnquiryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<TOpenEnquiryRequest>({
    resolver: zodResolver(ZOpenEnquiryRequest),
    defaultValues: { category: 'account', subject: '', message: '' },
  });
  const open = useMutation({
    mutationFn: (body: TOpenEnquiryRequest) => supportApi.open(body, handledBy(places)),
    onSuccess: async (thread: TEnquiryThread) => {
      queryClient.setQueryData(supportKeys.thread(thread.enquiry.id), thread);
      await queryClient.invalidateQueries({ queryKey: supportKeys.list('active') });
      navigate(threadPath(thread.enquiry.id), { replace: true });
    },
    onError: (error) => placeServerError(error, form.setError, places, fieldNames),
  });

  const categories = EnquiryCategories.map((value) => ({ value, label: t(`support.categories.${value}`) }));
  return (
    <PageLayout title={t('support.new.title')} backTo={SupportPaths.entry}>
      <form
        className={formStyles.card}
        noValidate
        aria-label={t('support.new.title')}
        onSubmit={form.handleSubmit((values) => open.mutate(values))}
      >
        <ChoiceField
          control={form.control}
          name="category"
          label={t('support.new.category')}
          options={categories}
        />
        <FormField
          control={form.control}
          name="subject"
          label={t('support.new.subject')}
          placeholder={t('support.new.subjectPlaceholder')}
          maxLength={SupportLimits.subjectMax}
        />
        <TextAreaField
          control={form.control}
          name="message"
          label={t('support.new.message')}
          placeholder={t('support.new.messagePlaceholder')}
          maxLength={SupportLimits.messageMax}
        />
        <Controller
          control={form.control}
          name="pictureId"
          render={({ field, fieldState }) => (
            <div className={styles.pictureField}>
              <ImageUploadField
                purpose="support"
                value={field.value}
                onChange={field.onChange}
                label={t('support.new.picture')}
              />
              {fieldState.error ? <FormAlert code={fieldState.error.message} /> : null}
            </div>
          )}
        />
        <FormAlert code={form.formState.errors.root?.server?.message} />
        <div className={formStyles.actions}>
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={open.isPending}
            data-testid="enquiry-submit"
          >
            {t('support.new.submit')}
          </Button>
        </div>
      </form>
    </PageLayout>
  );
}
