import type { TBot } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-error';
import { errorText } from '../../app/error-text';
import { botKeys, botsApi } from '../bots/bots.api';

/**
 * botperpoff / a symbol switched on or off: pauses the symbol's bot (it opens nothing new; an open cycle
 * keeps its exit orders) or runs it again, after the member confirms.
 */
export function useBotSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (bot: TBot, on: boolean) => {
    const action = on ? 'resume' : 'pause';
    const confirmed = await Dialog.confirm({
      title: t(`bots.actions.${action}`),
      content: t(`bots.actions.confirm.${action}`, { symbol: bot.symbol }),
      confirmText: t('bots.actions.yes'),
      cancelText: t('bots.actions.no'),
    });
    if (!confirmed) return;
    try {
      await botsApi.act(bot.id, action);
      Toast.show({ icon: 'success', content: t('bots.actions.done') });
    } catch (error) {
      if (error instanceof ApiError) Toast.show({ icon: 'fail', content: errorText(error.code) });
    }
    await queryClient.invalidateQueries({ queryKey: botKeys.all });
  };
}
