import type { TBot } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Tag, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../app/api-error';
import { errorText } from '../../app/error-text';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import styles from './BotListPage.module.css';
import { BotPaths } from './bot-paths';
import { type BotAction, botKeys, botsApi } from './bots.api';
import { capitalText, QUOTE } from './display';

const statusColor = { running: 'success', paused: 'warning', stopped: 'default' } as const;

/** /pages/personal/symbol: the member's bots, one per market, with their state and what can be done now. */
export default function BotListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const act = async (bot: TBot, action: BotAction) => {
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
    await queryClient.invalidateQueries({ queryKey: botKeys.list });
  };

  const renderBot = (bot: TBot) => (
    <article className={styles.card} data-testid={`bot-${bot.id}`}>
      <header className={styles.header}>
        <h3>{bot.symbol}</h3>
        <Tag color={statusColor[bot.status]} fill="outline" data-testid="bot-status">
          {t(`bots.status.${bot.status}`)}
        </Tag>
      </header>
      <p className={styles.meta}>
        {t(`bots.exchanges.${bot.exchange}`)} · {t(`bots.marketTypes.${bot.marketType}`)} ·{' '}
        {t(`bots.direction.${bot.direction}`)}
        {bot.marketType === 'perpetual' ? ` · ${bot.leverage}x` : ''}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('bots.config.baseOrder')}</dt>
          <dd>{`${bot.baseOrder} ${QUOTE}`}</dd>
        </div>
        <div>
          <dt>{t('bots.config.safetyOrderCount')}</dt>
          <dd>{[bot.safetyOrderCount, `${bot.safetyOrder} ${QUOTE}`, `${bot.volumeScale}x`].join(' · ')}</dd>
        </div>
        <div>
          <dt>{t('bots.list.takeProfit')}</dt>
          <dd>{bot.takeProfit}%</dd>
        </div>
        <div>
          <dt>{t('bots.list.capital')}</dt>
          <dd>{`${capitalText(bot.capitalRequired)} ${QUOTE}`}</dd>
        </div>
        {bot.pausedReason && (
          <div>
            <dt>{t('bots.list.pausedBecause')}</dt>
            <dd>{t(`bots.pausedReason.${bot.pausedReason}`)}</dd>
          </div>
        )}
        {bot.pendingAction && (
          <div>
            <dt>{t('bots.list.pending')}</dt>
            <dd>{t(`bots.actions.${bot.pendingAction === 'add_entry' ? 'add-entry' : 'close'}`)}</dd>
          </div>
        )}
      </dl>
      {bot.status !== 'stopped' && (
        <div className={styles.buttons}>
          {bot.status === 'running' ? (
            <Button size="small" onClick={() => void act(bot, 'pause')}>
              {t('bots.actions.pause')}
            </Button>
          ) : (
            <Button size="small" color="primary" onClick={() => void act(bot, 'resume')}>
              {t('bots.actions.resume')}
            </Button>
          )}
          <Button size="small" onClick={() => void act(bot, 'add-entry')}>
            {t('bots.actions.add-entry')}
          </Button>
          <Button size="small" onClick={() => void act(bot, 'close')}>
            {t('bots.actions.close')}
          </Button>
          <Button size="small" color="danger" fill="outline" onClick={() => void act(bot, 'stop')}>
            {t('bots.actions.stop')}
          </Button>
        </div>
      )}
    </article>
  );

  return (
    <PageLayout
      title={t('bots.list.title')}
      right={
        <Link to={BotPaths.configure} className={styles.add}>
          {t('bots.list.add')}
        </Link>
      }
    >
      <PagedList<TBot>
        queryKey={botKeys.list}
        fetchPage={(page, pageSize) => botsApi.list(page, pageSize)}
        itemKey={(bot) => bot.id}
        renderItem={renderBot}
      />
    </PageLayout>
  );
}
