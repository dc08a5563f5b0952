import type { TAdminNewsItem, TAdminNewsQuery } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toast';
import { dayText } from '../../../shared/format';
import { ChoiceFilter } from '../ChoiceFilter';
import type { Column } from '../DataTable';
import { PagedTable } from '../PagedTable';
import { Panel } from '../Panel';
import styles from './ContentForms.module.css';
import { contentAdminApi, contentAdminKeys, refreshContent } from './content-admin.api';
import { RowActions, useEditDialog } from './edited-list';
import { writtenLanguages } from './LanguageTabs';
import { NewsForm } from './NewsForm';

type Status = 'all' | NonNullable<TAdminNewsQuery['status']>;

/** Every news item, drafts included: write, edit, publish, unpublish, delete; views counted per item. */
export function NewsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('all');
  const { edit, dialog } = useEditDialog('news', NewsForm);

  const toggle = useMutation({
    mutationFn: (item: TAdminNewsItem) =>
      item.publishedAt ? contentAdminApi.unpublishNews(item.id) : contentAdminApi.publishNews(item.id),
    onSuccess: (item) => {
      showToast(t(item.publishedAt ? 'content.admin.news.published' : 'content.admin.news.unpublished'), {
        icon: 'success',
      });
      refreshContent(queryClient);
    },
  });

  const columns: Column<TAdminNewsItem>[] = [
    {
      id: 'title',
      header: t('content.admin.news.titleHeader'),
      render: (n) => (
        <span className={styles.titleCell} data-testid="admin-news-title">
          {n.title['en-US']}
          {n.important ? (
            <Tag color="danger" fill="outline">
              {t('content.news.important')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('content.admin.news.status'),
      render: (n) =>
        n.publishedAt ? (
          <Tag color="success" fill="outline">
            {t('content.admin.news.publishedOn', { date: dayText(n.publishedAt) })}
          </Tag>
        ) : (
          <Tag fill="outline">{t('content.admin.news.draft')}</Tag>
        ),
    },
    { id: 'language', header: t('content.admin.languagesHeader'), render: (n) => writtenLanguages(n.title) },
    {
      id: 'views',
      header: t('content.admin.news.views'),
      numeric: true,
      render: (n) => <span data-testid="admin-news-views">{n.clickCount}</span>,
    },
    {
      id: 'actions',
      header: t('content.admin.actions'),
      render: (n) => (
        <RowActions
          onEdit={() => edit(n)}
          deleteQuestion={t('content.admin.news.deleteConfirm', { title: n.title['en-US'] })}
          remove={() => contentAdminApi.deleteNews(n.id)}
        >
          <Button
            size="mini"
            fill="outline"
            color={n.publishedAt ? 'warning' : 'success'}
            loading={toggle.isPending && toggle.variables?.id === n.id}
            onClick={() => toggle.mutate(n)}
            data-testid={n.publishedAt ? 'admin-news-unpublish' : 'admin-news-publish'}
          >
            {t(n.publishedAt ? 'content.admin.news.unpublish' : 'content.admin.news.publish')}
          </Button>
        </RowActions>
      ),
    },
  ];

  const statuses: Status[] = ['all', 'published', 'draft'];
  return (
    <Panel title={t('content.admin.news.title')} hint={t('content.admin.news.hint')}>
      <div className={styles.toolbar}>
        <ChoiceFilter
          label={t('content.admin.news.status')}
          options={statuses.map((s) => ({ value: s, label: t(`content.admin.news.filter.${s}`) }))}
          value={status}
          onChange={setStatus}
        />
        <Button color="primary" onClick={() => edit(null)} data-testid="admin-news-new">
          {t('content.admin.news.new')}
        </Button>
      </div>
      <PagedTable
        caption={t('content.admin.news.title')}
        queryKey={[...contentAdminKeys.news, { status }]}
        fetchPage={(page, pageSize, signal) =>
          contentAdminApi.news(status === 'all' ? undefined : status, page, pageSize, signal)
        }
        columns={columns}
        rowKey={(n) => n.id}
      />
      {dialog}
    </Panel>
  );
}
