import {
  ArrowDownCircleOutline,
  BillOutline,
  GiftOutline,
  LoopOutline,
  SendOutline,
  UpCircleOutline,
} from 'antd-mobile-icons';
import type { WalletAction } from './ActionGrid';
import { linkTo, WalletPaths } from './wallet-paths';

/** Which actions a coin has, once known; unknown (still loading) counts as open. */
export interface CoinAbilities {
  deposit?: boolean;
  withdraw?: boolean;
  transfer?: boolean;
  exchange?: boolean;
}

/**
 * The wallet's actions, for every coin (no `coin`) or for one. A promotional coin is passed on by airdrop
 * instead of a transfer.
 */
export function walletActions(coin?: {
  currency: string;
  promo: boolean;
  can: CoinAbilities;
}): WalletAction[] {
  const currency = coin?.currency;
  const closed = (ability: boolean | undefined) => ability === false;
  return [
    {
      id: 'deposit',
      to: linkTo(WalletPaths.deposit, { currency }),
      Icon: ArrowDownCircleOutline,
      disabled: closed(coin?.can.deposit),
    },
    {
      id: 'withdraw',
      to: linkTo(WalletPaths.withdraw, { currency }),
      Icon: UpCircleOutline,
      disabled: closed(coin?.can.withdraw),
    },
    coin?.promo
      ? {
          id: 'airdrop',
          to: linkTo(WalletPaths.airdrop, { currency }),
          Icon: GiftOutline,
          disabled: closed(coin.can.transfer),
        }
      : {
          id: 'transfer',
          to: linkTo(WalletPaths.transfer, { currency }),
          Icon: SendOutline,
          disabled: closed(coin?.can.transfer),
        },
    {
      id: 'exchange',
      to: linkTo(WalletPaths.exchange, { currency }),
      Icon: LoopOutline,
      disabled: closed(coin?.can.exchange),
    },
    { id: 'records', to: linkTo(WalletPaths.records, { currency }), Icon: BillOutline },
  ];
}
