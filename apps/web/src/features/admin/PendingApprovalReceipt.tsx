import type { TAdminApproval } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { displayAmount } from './admin-format';
import { ReceiptView } from './ReceiptView';

/** An adjustment or deposit above the four-eyes threshold: filed for a second admin, nothing moved yet. */
export function PendingApprovalReceipt({
  approval,
  onAgain,
  onClose,
}: {
  approval: TAdminApproval;
  onAgain: () => void;
  onClose?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const asked = approval.adjustment ?? approval.deposit;
  return (
    <ReceiptView
      status="waiting"
      title={t('admin.approvals.filed')}
      facts={[
        { id: 'member', label: t('admin.receipt.member'), value: asked?.username ?? '' },
        {
          id: 'amount',
          label: t('admin.receipt.amount'),
          value: `${displayAmount(asked?.amount ?? '')} ${asked?.currency ?? ''}`,
        },
        { id: 'usd', label: t('admin.approvals.col.usd'), value: displayAmount(approval.usdValue) },
        { id: 'status', label: t('admin.approvals.col.status'), value: t('admin.approvals.waiting') },
        { id: 'reference', label: t('admin.receipt.reference'), value: <code>{approval.id}</code> },
      ]}
      onAgain={onAgain}
      onClose={onClose}
    />
  );
}
