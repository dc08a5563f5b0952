import type { TBot } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-error';
import { errorText } from '../../app/error-text';
import { answerAmount } from '../../shared/amounts';
import { addEntryRows, botRows, groupRows, positionRows } from './action-rows';
import styles from './BotListPage.module.css';
import { type BotAction, botsApi } from './bots.api';
import { capitalText, decimalText, QUOTE } from './display';
import type { ActionRequest } from './use-action-receipt';

const statusColor = { running: 'success', paused: 'warning', stopped: 'default' } as const;
const pendingLabel = { add_entry: 'add-entry', close: 'close', reverse: 'reverse' } as const;

/** One bot of the list: its market, settings, open cycle, and every action by hand, each asked first. */
export function BotCard({ bot, ask }: { bot: TBot; ask: (request: ActionRequest) => void }) {
  const { t } = useTranslation();
  const cycle = bot.openCycle ?? null;

  const simple = (action: Exclude<BotAction, 'add-entry' | 'close' | 'reverse'>) =>
    ask({
      title: t(`bots.actions.${action}`),
      rows: botRows(t, bot, t(`bots.actions.confirm.${action}`, { symbol: bot.symbol })),
      run: () => botsApi.act(bot.id, action),
    });

  /** Close (this cycle, by its id) and reverse show the figures of the position as they are now. */
  const onPosition = async (action: 'close' | 'reverse') => {
    try {
      const estimate = await botsApi.position(bot.id);
      ask({
        title: t(`bots.actions.${action}`),
        rows: positionRows(t, bot, estimate, action === 'reverse'),
        run: () =>
          action === 'close' ? botsApi.closeCycle(estimate.cycleId) : botsApi.act(bot.id, 'reverse'),
      });
    } catch (error) {
      if (error instanceof ApiError) Toast.show({ icon: 'fail', content: errorText(error.code) });
    }
  };

  const live = bot.status !== 'stopped';
  return (
    <article className={styles.card} data-testid={`bot-${bot.id}`}>
      <header className={styles.header}>
        <h3>{bot.symbol}</h3>
        <span className={styles.tags}>
          {bot.groupId && (
            <Tag color="primary" fill="outline" data-testid="bot-group">
              {t('bots.group.tag', { id: bot.groupId })}
            </Tag>
          )}
          {bot.aioOff && (
            <Tag color="warning" fill="outline" data-testid="bot-aio-off">
              {t('bots.group.symbolOff')}
            </Tag>
          )}
          <Tag color={statusColor[bot.status]} fill="outline" data-testid="bot-status">
            {t(`bots.status.${bot.status}`)}
          </Tag>
        </span>
      </header>
      <p className={styles.meta} data-testid="bot-meta">
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
        {cycle && (
          <div data-testid="bot-cycle">
            <dt>{t('bots.list.cycle', { n: cycle.number })}</dt>
            <dd>
              {cycle.averageEntry
                ? `${answerAmount(cycle.filledAmount)} @ ${decimalText(cycle.averageEntry)}`
                : t('bots.list.opening')}
            </dd>
          </div>
        )}
        {bot.pausedReason && (
          <div>
            <dt>{t('bots.list.pausedBecause')}</dt>
            <dd>{t(`bots.pausedReason.${bot.pausedReason}`)}</dd>
          </div>
        )}
        {bot.pendingAction && (
          <div>
            <dt>{t('bots.list.pending')}</dt>
            <dd>{t(`bots.actions.${pendingLabel[bot.pendingAction]}`)}</dd>
          </div>
        )}
      </dl>
      {live && (
        <div className={styles.buttons}>
          {bot.status === 'running' ? (
            <Button size="small" onClick={() => simple('pause')}>
              {t('bots.actions.pause')}
            </Button>
          ) : (
            <Button size="small" color="primary" onClick={() => simple('resume')}>
              {t('bots.actions.resume')}
            </Button>
          )}
          <Button
            size="small"
            disabled={!cycle}
            onClick={() =>
              ask({
                title: t('bots.actions.add-entry'),
                rows: addEntryRows(t, bot),
                run: () => botsApi.act(bot.id, 'add-entry'),
              })
            }
          >
            {t('bots.actions.add-entry')}
          </Button>
          <Button size="small" disabled={!cycle} onClick={() => void onPosition('close')}>
            {cycle ? t('bots.actions.closeCycle', { n: cycle.number }) : t('bots.actions.close')}
          </Button>
          {bot.marketType === 'perpetual' && (
            <Button size="small" disabled={!cycle} onClick={() => void onPosition('reverse')}>
              {t('bots.actions.reverse')}
            </Button>
          )}
          <Button size="small" color="danger" fill="outline" onClick={() => simple('stop')}>
            {t('bots.actions.stop')}
          </Button>
        </div>
      )}
      {live && bot.groupId && (
        <div className={styles.buttons}>
          <Button
            size="small"
            fill="outline"
            onClick={() =>
              ask({
                title: t(bot.aioOff ? 'bots.group.symbolOn' : 'bots.group.switchSymbolOff'),
                rows: botRows(
                  t,
                  bot,
                  t(bot.aioOff ? 'bots.group.effectSymbolOn' : 'bots.group.effectSymbolOff'),
                ),
                run: () => botsApi.switchAio(bot.id, bot.aioOff),
              })
            }
          >
            {t(bot.aioOff ? 'bots.group.symbolOn' : 'bots.group.switchSymbolOff')}
          </Button>
          {([bot.status === 'running' ? 'pause' : 'resume'] as const).map((what) => (
            <Button
              key={what}
              size="small"
              fill="outline"
              onClick={() =>
                ask({
                  title: t(`bots.group.${what}`),
                  rows: groupRows(t, bot.groupId!, what === 'resume'),
                  run: () => botsApi.groupRunning(bot.groupId!, what === 'resume'),
                })
              }
            >
              {t(`bots.group.${what}`)}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}
