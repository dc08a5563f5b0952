import type { TCurrencyBalances } from '@app/contracts';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';

const colors = { stable: 'success', coin: 'primary', promo: 'warning' } as const;

/** Stable coin, coin or promotional coin. */
export function KindTag({ kind }: { kind: TCurrencyBalances['kind'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[kind]} fill="outline">
      {t(`wallet.kinds.${kind}`)}
    </Tag>
  );
}
