import { type TAdminContentFile, ZContentFileInput } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showToast } from '../../../app/toast';
import { FormField } from '../../../shared/FormField';
import { dayText } from '../../../shared/format';
import { type ErrorPlaces, handledBy, placeServerError } from '../../../shared/server-errors';
import { type Column, DataTable } from '../DataTable';
import { FormActions } from '../FormActions';
import { Panel } from '../Panel';
import { PanelForm } from '../PanelForm';
import styles from './ContentForms.module.css';
import { contentAdminApi, contentAdminKeys, refreshContent } from './content-admin.api';
import { PdfPicker } from './PdfPicker';
import { confirmAndDelete } from './row-actions';

type Values = z.input<typeof ZContentFileInput>;
const places: ErrorPlaces<Values> = { UPLOAD_NOT_FOUND: 'uploadId' };
const fieldNames = ['uploadId', 'title'];

/** Downloadable PDFs: members find them on the news page's files tab. */
export function FilesPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: contentAdminKeys.files,
    queryFn: ({ signal }) => contentAdminApi.files(signal),
  });
  // A new round after each added file: the picker forgets the previous file's name.
  const [round, setRound] = useState(0);
  const form = useForm<Values>({
    resolver: zodResolver(ZContentFileInput),
    defaultValues: { uploadId: '', title: '' },
  });
  const add = useMutation({
    mutationFn: (values: Values) => contentAdminApi.createFile(values, { handled: handledBy(places) }),
    onSuccess: () => {
      showToast(t('content.admin.saved'), { icon: 'success' });
      form.reset();
      setRound((r) => r + 1);
      refreshContent(queryClient);
    },
    onError: (error) => placeServerError(error, form.setError, places, fieldNames),
  });

  const columns: Column<TAdminContentFile>[] = [
    {
      id: 'title',
      header: t('content.admin.files.titleLabel'),
      render: (f) => (
        <a href={f.url} download>
          {f.title}
        </a>
      ),
    },
    { id: 'added', header: t('content.admin.files.added'), render: (f) => dayText(f.createdAt) },
    {
      id: 'actions',
      header: t('content.admin.actions'),
      render: (f) => (
        <Button
          size="mini"
          fill="outline"
          color="danger"
          onClick={() =>
            void confirmAndDelete(
              queryClient,
              t('content.admin.files.deleteConfirm', { title: f.title }),
              t('content.admin.deleted'),
              () => contentAdminApi.deleteFile(f.id),
            )
          }
        >
          {t('content.admin.delete')}
        </Button>
      ),
    },
  ];

  return (
    <Panel title={t('content.admin.files.title')} hint={t('content.admin.files.hint')}>
      {list.data ? (
        list.data.items.length > 0 ? (
          <DataTable
            caption={t('content.admin.files.title')}
            columns={columns}
            rows={list.data.items}
            rowKey={(f) => f.id}
          />
        ) : (
          <p className={styles.muted}>{t('admin.table.empty')}</p>
        )
      ) : null}
      <PanelForm
        title={t('content.admin.files.new')}
        onSubmit={form.handleSubmit((values) => add.mutate(values))}
      >
        <FormField
          control={form.control}
          name="uploadId"
          label={t('content.admin.files.pdfLabel')}
          render={(field) => (
            <PdfPicker key={round} label={t('content.admin.files.pdfLabel')} onChange={field.onChange} />
          )}
        />
        <FormField control={form.control} name="title" label={t('content.admin.files.titleLabel')} />
        <FormActions submitText={t('content.admin.files.add')} pending={add.isPending} />
      </PanelForm>
    </Panel>
  );
}
