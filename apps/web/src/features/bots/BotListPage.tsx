import type { TBot } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { RecordLinks } from '../bot-records/RecordLinks';
import { BotCard } from './BotCard';
import styles from './BotListPage.module.css';
import { BotPaths } from './bot-paths';
import { botKeys, botsApi } from './bots.api';
import { MarketSwitches } from './MarketSwitches';
import { useActionReceipt } from './use-action-receipt';

/**
 * /pages/personal/symbol: the member's bots, one per market, with their state and what can be done now; the
 * markets switched on or off on top. Every action asks first in the receipt popup.
 */
export default function BotListPage() {
  const { t } = useTranslation();
  const receipt = useActionReceipt();
  return (
    <PageLayout
      title={t('bots.list.title')}
      right={
        <Link to={BotPaths.configure} className={styles.add}>
          {t('bots.list.add')}
        </Link>
      }
    >
      <MarketSwitches ask={receipt.ask} />
      <PagedList<TBot>
        queryKey={botKeys.list}
        fetchPage={(page, pageSize) => botsApi.list(page, pageSize)}
        itemKey={(bot) => bot.id}
        renderItem={(bot) => <BotCard bot={bot} ask={receipt.ask} />}
        // What the bots did: lists, orders, closed cycles and summaries (issue 5, item 6).
        header={<RecordLinks />}
      />
      {receipt.popup}
    </PageLayout>
  );
}
