import Dialog from 'antd-mobile/es/components/dialog';
import { i18n } from '../../app/i18n';

/** Closing ends the conversation for good: asked once more. */
export function confirmClose(): Promise<boolean> {
  return Dialog.confirm({
    title: i18n.t('support.close.title'),
    content: i18n.t('support.close.content'),
    confirmText: i18n.t('support.close.confirm'),
    cancelText: i18n.t('common.cancel'),
  });
}
