import type { TCartItem, TMiningPackage } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import linkStyles from '../bot-rentals/PackagesPage.module.css';
import { answerAmount } from '../wallet/amounts';
import styles from './MiningPage.module.css';
import { miningApi, miningKeys } from './mining.api';

/** membercartlist: the packages the member put aside; each is bought on its own through the buy sheet. */
export function CartSection({
  packages,
  onBuy,
}: {
  packages: readonly TMiningPackage[];
  onBuy: (pkg: TMiningPackage, units: number) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cart = useQuery({ queryKey: miningKeys.cart, queryFn: ({ signal }) => miningApi.cart(signal) });
  const remove = useMutation({
    mutationFn: (item: TCartItem) => miningApi.removeFromCart(item.packageId),
    onSuccess: (next) => queryClient.setQueryData(miningKeys.cart, next),
  });
  const items = cart.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="mining-cart-title" data-testid="mining-cart">
      <h2 id="mining-cart-title" className={linkStyles.heading}>
        {t('mining.cart.title')}
      </h2>
      <ul className={styles.subs}>
        {items.map((item) => {
          const pkg = packages.find((p) => p.id === item.packageId);
          return (
            <li key={item.packageId}>
              <span>
                <strong>{item.packageName}</strong> × {item.units}
                <br />
                {answerAmount(item.price)} {item.currency}
              </span>
              <span>
                {pkg ? (
                  <Button size="small" color="primary" onClick={() => onBuy(pkg, item.units)}>
                    {t('mining.card.buy')}
                  </Button>
                ) : null}{' '}
                <Button size="small" onClick={() => remove.mutate(item)}>
                  {t('mining.cart.remove')}
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
