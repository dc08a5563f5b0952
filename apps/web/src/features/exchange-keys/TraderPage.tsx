import { KeyExchanges } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Routes } from '../../app/navigation';
import { Column } from '../../shared/Column';
import formStyles from '../../shared/FormPage.module.css';
import { LoadState } from '../../shared/LoadState';
import { PageLayout } from '../../shared/PageLayout';
import { TxPasswordNotice } from '../wallet/TxPasswordNotice';
import { BindKeyForm } from './BindKeyForm';
import { useExchangeKeys } from './exchange-keys.api';
import { KeyCard } from './KeyCard';

/** trader: the member's exchange API keys, and the form to bind one for each exchange not yet bound. */
export default function TraderPage() {
  const { t } = useTranslation();
  const keys = useExchangeKeys();
  const bound = new Set(keys.data?.items.map((key) => key.exchange));
  const available = KeyExchanges.filter((exchange) => !bound.has(exchange));
  return (
    <PageLayout title={t('exchangeKeys.title')} backTo={Routes.personal}>
      <Column>
        <p className={formStyles.hint}>{t('exchangeKeys.intro')}</p>
        <TxPasswordNotice />
        {keys.data ? (
          <>
            {keys.data.items.map((key) => (
              <KeyCard key={key.id} item={key} />
            ))}
            {available.length > 0 ? <BindKeyForm available={available} /> : null}
          </>
        ) : (
          <LoadState failed={keys.isError} onRetry={() => void keys.refetch()} />
        )}
      </Column>
    </PageLayout>
  );
}
