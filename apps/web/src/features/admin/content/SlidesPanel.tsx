import type { TAdminSlide } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminDialog } from '../AdminDialog';
import { type Column, DataTable } from '../DataTable';
import { Panel } from '../Panel';
import styles from './ContentForms.module.css';
import { contentAdminApi, contentAdminKeys } from './content-admin.api';
import { confirmAndDelete } from './row-actions';
import { SlideForm } from './SlideForm';

/** The home slider's pictures, in their order. */
export function SlidesPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: contentAdminKeys.slides,
    queryFn: ({ signal }) => contentAdminApi.slides(signal),
  });
  const [editing, setEditing] = useState<TAdminSlide | null>(null);
  const [open, setOpen] = useState(false);
  const edit = (item: TAdminSlide | null) => {
    setEditing(item);
    setOpen(true);
  };

  const columns: Column<TAdminSlide>[] = [
    {
      id: 'picture',
      header: t('content.admin.slides.pictureLabel'),
      render: (s) => <img className={styles.thumb} src={s.imageUrl} alt="" />,
    },
    {
      id: 'position',
      header: t('content.admin.slides.positionLabel'),
      numeric: true,
      render: (s) => s.position,
    },
    {
      id: 'link',
      header: t('content.admin.slides.linkLabel'),
      render: (s) =>
        s.link ? <code className={styles.textCell}>{s.link}</code> : <span className={styles.muted}>—</span>,
    },
    {
      id: 'actions',
      header: t('content.admin.actions'),
      render: (s) => (
        <span className={styles.actions}>
          <Button size="mini" fill="outline" color="primary" onClick={() => edit(s)}>
            {t('content.admin.edit')}
          </Button>
          <Button
            size="mini"
            fill="outline"
            color="danger"
            onClick={() =>
              void confirmAndDelete(
                queryClient,
                t('content.admin.slides.deleteConfirm'),
                t('content.admin.deleted'),
                () => contentAdminApi.deleteSlide(s.id),
              )
            }
          >
            {t('content.admin.delete')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <Panel title={t('content.admin.slides.title')} hint={t('content.admin.slides.hint')}>
      <div className={styles.toolbar}>
        <span />
        <Button color="primary" onClick={() => edit(null)}>
          {t('content.admin.slides.new')}
        </Button>
      </div>
      {list.data ? (
        list.data.items.length > 0 ? (
          <DataTable
            caption={t('content.admin.slides.title')}
            columns={columns}
            rows={list.data.items}
            rowKey={(s) => s.id}
          />
        ) : (
          <p className={styles.muted}>{t('admin.table.empty')}</p>
        )
      ) : null}
      <AdminDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t(editing ? 'content.admin.slides.editTitle' : 'content.admin.slides.new')}
      >
        <SlideForm key={editing?.id ?? 'new'} item={editing} onClose={() => setOpen(false)} />
      </AdminDialog>
    </Panel>
  );
}
