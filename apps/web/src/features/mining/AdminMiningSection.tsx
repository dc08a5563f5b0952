import Button from 'antd-mobile/es/components/button';
import Toast from 'antd-mobile/es/components/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/FormAlert';
import { Panel } from '../admin/Panel';
import { SectionFrame } from '../admin/SectionFrame';
import { AdminCategoriesPanel } from './AdminCategoriesPanel';
import styles from './AdminMiningSection.module.css';
import { AdminPackagesPanel, useAdminPackages } from './AdminPackagesPanel';
import { AdminPromotionsPanel } from './AdminPromotionsPanel';
import { AdminDailyRatesPanel, AdminNetworkPanel } from './AdminRatesPanel';
import { adminMiningApi } from './mining.api';
import { adminHandled, useAdminWrite } from './use-admin-write';

/** The payout run for a day (every unpaid day up to it). */
function PayoutsPanel() {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => new Date().toISOString().slice(0, 10));
  const run = useAdminWrite(
    () => adminMiningApi.runPayouts(day, adminHandled),
    (result) => Toast.show({ content: t('mining.admin.paid', { count: result.paid }) }),
  );
  return (
    <Panel title={t('mining.admin.payouts')} hint={t('mining.admin.payoutsHint')}>
      <FormAlert code={run.error} />
      <div className={styles.row}>
        <input
          type="date"
          value={day}
          onChange={(e) => setDay(e.target.value)}
          aria-label={t('mining.admin.day')}
        />
        <Button
          size="small"
          color="primary"
          loading={run.mutation.isPending}
          onClick={() => run.mutation.mutate(undefined)}
          data-testid="run-payouts"
        >
          {t('mining.admin.run')}
        </Button>
      </div>
    </Panel>
  );
}

/**
 * The admin's mining: packages (with pictures), categories, the daily rates of 'daily' packages, the
 * network difficulty and block reward of 'network' ones, promotions, and the payout run.
 */
export default function AdminMiningSection() {
  const { t } = useTranslation();
  const packages = useAdminPackages();
  return (
    <SectionFrame title={t('admin.sections.mining')} intro={t('mining.admin.intro')}>
      <AdminPackagesPanel packages={packages} />
      <AdminCategoriesPanel />
      <AdminDailyRatesPanel packages={packages.data?.items ?? []} />
      <AdminNetworkPanel />
      <AdminPromotionsPanel />
      <PayoutsPanel />
    </SectionFrame>
  );
}
