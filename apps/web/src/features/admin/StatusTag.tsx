import type { TWithdrawalStatus } from '@app/contracts';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';

const colors: Record<TWithdrawalStatus, 'warning' | 'primary' | 'success' | 'danger' | 'default'> = {
  pending: 'warning',
  approved: 'primary',
  paid: 'success',
  rejected: 'danger',
  cancelled: 'default',
};

/** A withdrawal's status, in words and colour. */
export function StatusTag({ status }: { status: TWithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[status]} fill="outline">
      {t(`admin.status.${status}`)}
    </Tag>
  );
}
