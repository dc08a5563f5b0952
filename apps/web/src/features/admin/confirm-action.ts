import Dialog from 'antd-mobile/es/components/dialog';
import { i18n } from '../../app/i18n';

/** The last look before money moves: the action in words, confirmed or not. */
export function confirmAction(content: string): Promise<boolean> {
  return Dialog.confirm({
    title: i18n.t('admin.confirm.title'),
    content,
    confirmText: i18n.t('admin.confirm.yes'),
    cancelText: i18n.t('common.cancel'),
  });
}
