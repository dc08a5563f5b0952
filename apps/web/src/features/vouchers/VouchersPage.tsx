import { type TVoucherState, VoucherStates } from '@app/contracts';
import Tabs from 'antd-mobile/es/components/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { VoucherItem } from './VoucherItem';
import { voucherKeys, vouchersApi } from './vouchers.api';

/** Member/getVouchers: the member's vouchers, available, used or expired, one PagedList per state. */
export default function VouchersPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<TVoucherState>('available');
  return (
    <PageLayout title={t('rentals.vouchers.title')} backTo="/pages/personal/personal" padded={false}>
      <Tabs activeKey={state} onChange={(key) => setState(key as TVoucherState)}>
        {VoucherStates.map((s) => (
          <Tabs.Tab key={s} title={t(`rentals.vouchers.states.${s}`)} />
        ))}
      </Tabs>
      <PagedList
        key={state}
        queryKey={voucherKeys.list(state)}
        fetchPage={(page, pageSize) => vouchersApi.list(state, page, pageSize)}
        itemKey={(voucher) => voucher.id}
        renderItem={(voucher) => <VoucherItem voucher={voucher} />}
      />
    </PageLayout>
  );
}
