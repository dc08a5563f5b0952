import type { TAdminAnnouncement } from '@app/contracts';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../../shared/format';
import type { Column } from '../DataTable';
import { AnnouncementForm } from './AnnouncementForm';
import styles from './ContentForms.module.css';
import { contentAdminApi, contentAdminKeys } from './content-admin.api';
import { EditedListPanel } from './edited-list';
import { writtenLanguages } from './LanguageTabs';

/** The marquee's lines: each shown inside its time window. */
export function AnnouncementsPanel() {
  const { t } = useTranslation();
  const columns: Column<TAdminAnnouncement>[] = [
    {
      id: 'text',
      header: t('content.admin.announcements.textLabel'),
      render: (a) => <span className={styles.textCell}>{a.text['en-US']}</span>,
    },
    { id: 'language', header: t('content.admin.languagesHeader'), render: (a) => writtenLanguages(a.text) },
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
  ];
  return (
    <EditedListPanel
      kind="announcements"
      queryKey={contentAdminKeys.announcements}
      load={contentAdminApi.announcements}
      remove={contentAdminApi.deleteAnnouncement}
      columns={columns}
      Form={AnnouncementForm}
    />
  );
}
