import type { TBotSymbol, TMarketType } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { BotPaths } from '../bots/bot-paths';
import styles from './BotSymbols.module.css';
import { botSymbolsApi, symbolKeys } from './bot-symbols.api';
import { SymbolCard } from './SymbolCard';
import { SymbolNav } from './SymbolNav';
import { SymbolPaths } from './symbol-paths';
import { useBotSwitch } from './use-bot-switch';

/**
 * symbol2 (spot) and symbol3 (perpetuals), Sinfo botsymbol: the member's live bots on one market type, one per
 * symbol, with what the exchange shows now, each switchable on and off.
 */
export function BotSymbolsPage({ marketType }: { marketType: TMarketType }) {
  const { t } = useTranslation();
  const switchBot = useBotSwitch();
  return (
    <PageLayout
      title={t(`botSymbols.title.${marketType}`)}
      backTo={BotPaths.list}
      padded={false}
      right={
        <Link to={SymbolPaths.picker} className={styles.add}>
          {t('botSymbols.add')}
        </Link>
      }
    >
      <PagedList<TBotSymbol>
        queryKey={symbolKeys.symbols(marketType)}
        fetchPage={(page, pageSize) => botSymbolsApi.symbols(marketType, page, pageSize)}
        itemKey={(row) => row.bot.id}
        renderItem={(row) => <SymbolCard row={row} onSwitch={(on) => void switchBot(row.bot, on)} />}
        header={<SymbolNav current={marketType === 'spot' ? 'spot' : 'perpetual'} />}
      />
    </PageLayout>
  );
}
