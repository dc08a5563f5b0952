import type { TCartItem, TMiningPackage } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { answerAmount } from '../../shared/amounts';
import linkStyles from '../bot-rentals/PackagesPage.module.css';
import styles from './MiningPage.module.css';
import { miningApi, miningKeys } from './mining.api';

/**
 * membercartlist: the packages the member put aside. Each can be bought on its own through the buy sheet,
 * or all of those on sale at once through the checkout.
 */
export function CartSection({
  packages,
  onBuy,
  onCheckout,
}: {
  packages: readonly TMiningPackage[];
  onBuy: (pkg: TMiningPackage, units: number) => void;
  onCheckout: (items: readonly TCartItem[]) => void;
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
  const buyable = items.filter((i) => i.onSale);
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
      {buyable.length > 1 ? (
        <Button block color="primary" onClick={() => onCheckout(buyable)} data-testid="mining-checkout">
          {t('mining.checkout.all', { count: buyable.length })}
        </Button>
      ) : null}
    </section>
  );
}
