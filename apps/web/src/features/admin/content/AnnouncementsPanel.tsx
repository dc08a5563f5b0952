import type { TAdminAnnouncement } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../wallet/format';
import { AdminDialog } from '../AdminDialog';
import { type Column, DataTable } from '../DataTable';
import { Panel } from '../Panel';
import { AnnouncementForm } from './AnnouncementForm';
import styles from './ContentForms.module.css';
import { contentAdminApi, contentAdminKeys } from './content-admin.api';
import { confirmAndDelete } from './row-actions';

/** The marquee's lines: each shown inside its time window. */
export function AnnouncementsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: contentAdminKeys.announcements,
    queryFn: ({ signal }) => contentAdminApi.announcements(signal),
  });
  const [editing, setEditing] = useState<TAdminAnnouncement | null>(null);
  const [open, setOpen] = useState(false);
  const edit = (item: TAdminAnnouncement | null) => {
    setEditing(item);
    setOpen(true);
  };

  const columns: Column<TAdminAnnouncement>[] = [
    {
      id: 'text',
      header: t('content.admin.announcements.textLabel'),
      render: (a) => <span className={styles.textCell}>{a.text}</span>,
    },
    { id: 'language', header: t('content.admin.languageLabel'), render: (a) => a.language },
    {
      id: 'window',
      header: t('content.admin.announcements.window'),
      render: (a) =>
        a.endsAt
          ? t('content.admin.announcements.fromTo', {
              from: dateTimeText(a.startsAt),
              to: dateTimeText(a.endsAt),
            })
          : t('content.admin.announcements.fromOn', { from: dateTimeText(a.startsAt) }),
    },
    {
      id: 'active',
      header: t('content.admin.news.status'),
      render: (a) => (
        <Tag color={a.active ? 'success' : 'default'} fill="outline">
          {t(a.active ? 'content.admin.announcements.active' : 'content.admin.announcements.inactive')}
        </Tag>
      ),
    },
    {
      id: 'actions',
      header: t('content.admin.actions'),
      render: (a) => (
        <span className={styles.actions}>
          <Button size="mini" fill="outline" color="primary" onClick={() => edit(a)}>
            {t('content.admin.edit')}
          </Button>
          <Button
            size="mini"
            fill="outline"
            color="danger"
            onClick={() =>
              void confirmAndDelete(
                queryClient,
                t('content.admin.announcements.deleteConfirm'),
                t('content.admin.deleted'),
                () => contentAdminApi.deleteAnnouncement(a.id),
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
    <Panel title={t('content.admin.announcements.title')} hint={t('content.admin.announcements.hint')}>
      <div className={styles.toolbar}>
        <span />
        <Button color="primary" onClick={() => edit(null)}>
          {t('content.admin.announcements.new')}
        </Button>
      </div>
      {list.data ? (
        list.data.items.length > 0 ? (
          <DataTable
            caption={t('content.admin.announcements.title')}
            columns={columns}
            rows={list.data.items}
            rowKey={(a) => a.id}
          />
        ) : (
          <p className={styles.muted}>{t('admin.table.empty')}</p>
        )
      ) : null}
      <AdminDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t(editing ? 'content.admin.announcements.editTitle' : 'content.admin.announcements.new')}
      >
        <AnnouncementForm key={editing?.id ?? 'new'} item={editing} onClose={() => setOpen(false)} />
      </AdminDialog>
    </Panel>
  );
}
