import type { QueryKey } from '@tanstack/react-query';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminDialog } from '../AdminDialog';
import { type Column, DataTable } from '../DataTable';
import { Panel } from '../Panel';
import styles from './ContentForms.module.css';
import { confirmAndDelete } from './row-actions';

/** The kinds of content edited in a dialog; each names its texts under content.admin.<kind>. */
export type EditedKind = 'news' | 'slides' | 'announcements';

export interface ItemFormProps<T> {
  /** null: a new item. */
  item: T | null;
  onClose: () => void;
}

/** The dialog that writes a new item or edits one; `edit(null)` opens it empty. */
export function useEditDialog<T extends { id: string }>(
  kind: EditedKind,
  Form: ComponentType<ItemFormProps<T>>,
) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const edit = (item: T | null) => {
    setEditing(item);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const dialog = (
    <AdminDialog
      open={open}
      onClose={close}
      title={t(editing ? `content.admin.${kind}.editTitle` : `content.admin.${kind}.new`)}
    >
      {/* A new key per item: the form starts from that item's values, not the last one's. */}
      <Form key={editing?.id ?? 'new'} item={editing} onClose={close} />
    </AdminDialog>
  );
  return { edit, dialog };
}

/** A row's buttons: edit, any others the list needs, and delete after a confirmation. */
export function RowActions({
  onEdit,
  deleteQuestion,
  remove,
  children,
}: {
  onEdit: () => void;
  deleteQuestion: string;
  remove: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <span className={styles.actions}>
      <Button size="mini" fill="outline" color="primary" onClick={onEdit}>
        {t('content.admin.edit')}
      </Button>
      {children}
      <Button
        size="mini"
        fill="outline"
        color="danger"
        onClick={() => void confirmAndDelete(queryClient, deleteQuestion, t('content.admin.deleted'), remove)}
      >
        {t('content.admin.delete')}
      </Button>
    </span>
  );
}

/** A short, unpaged list of one kind of content (slides, announcements) with new, edit and delete. */
export function EditedListPanel<T extends { id: string }>({
  kind,
  queryKey,
  load,
  remove,
  columns,
  Form,
}: {
  kind: Exclude<EditedKind, 'news'>;
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<{ items: T[] }>;
  remove: (id: string) => Promise<unknown>;
  columns: Column<T>[];
  Form: ComponentType<ItemFormProps<T>>;
}) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey, queryFn: ({ signal }) => load(signal) });
  const { edit, dialog } = useEditDialog(kind, Form);
  const withActions: Column<T>[] = [
    ...columns,
    {
      id: 'actions',
      header: t('content.admin.actions'),
      render: (item) => (
        <RowActions
          onEdit={() => edit(item)}
          deleteQuestion={t(`content.admin.${kind}.deleteConfirm`)}
          remove={() => remove(item.id)}
        />
      ),
    },
  ];

  return (
    <Panel title={t(`content.admin.${kind}.title`)} hint={t(`content.admin.${kind}.hint`)}>
      <div className={styles.toolbar}>
        <span />
        <Button color="primary" onClick={() => edit(null)}>
          {t(`content.admin.${kind}.new`)}
        </Button>
      </div>
      {list.data ? (
        list.data.items.length > 0 ? (
          <DataTable
            caption={t(`content.admin.${kind}.title`)}
            columns={withActions}
            rows={list.data.items}
            rowKey={(item) => item.id}
          />
        ) : (
          <p className={styles.muted}>{t('admin.table.empty')}</p>
        )
      ) : null}
      {dialog}
    </Panel>
  );
}
