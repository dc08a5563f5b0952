import { type TPositionMarginRequest, type TTradePosition, ZTradeDecimal } from '@app/contracts';
import { tryParse } from '@app/money/decimal';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { decimalText, decimalValueText, writtenPlaces } from '../../shared/amounts';
import popupStyles from '../../shared/ReceiptPopup.module.css';
import { ReceiptRows } from '../../shared/ReceiptRows';
import styles from './ConfirmSheet.module.css';
import sheetStyles from './MarginSheet.module.css';
import { Segmented } from './Segmented';
import { TradeInput } from './TradeInput';
import { tradeErrorText } from './trade-text';
import { partsOf } from './trading-paths';

/** The sheet's figures, checked with the contract's own decimal rule so it refuses what the server would. */
const ZMarginForm = z.object({
  direction: z.enum(['add', 'reduce']),
  // Not `amount`: the order form's field of that name is on the same page, and ids must differ.
  marginAmount: z.string().trim().min(1, { message: 'REQUIRED' }).pipe(ZTradeDecimal),
});
type TMarginForm = z.infer<typeof ZMarginForm>;

interface MarginSheetProps {
  /** The isolated position to adjust; null hides the sheet. */
  position: TTradePosition | null;
  loading: boolean;
  /** The code the last try was refused with, shown translated above the buttons. */
  error: string | null;
  onCancel: () => void;
  onSubmit: (change: Pick<TPositionMarginRequest, 'direction' | 'amount'>) => void;
}

const withUnit = (text: string, figure: string | null, unit: string) =>
  figure === null ? text : `${text} ${unit}`;

/**
 * The margin once the typed amount is added or taken out, exactly; a dash while the amount is not a valid
 * one or the exchange does not state the margin. A reduction below zero is shown as it is: the server
 * refuses it with its own message.
 */
function marginAfterText(
  margin: string | null,
  direction: TMarginForm['direction'],
  typed: string,
  unit: string,
): string {
  if (margin === null || !ZTradeDecimal.safeParse(typed).success) return decimalText(null);
  const held = tryParse(margin.trim());
  const change = tryParse(typed.trim());
  if (held === null || change === null) return decimalText(null);
  const after = direction === 'reduce' ? held - change : held + change;
  return `${decimalValueText(after, Math.max(writtenPlaces(margin), writtenPlaces(typed)))} ${unit}`;
}

/** adjmargin: add margin to or take it out of an isolated position, by an amount in its quote currency. */
export function MarginSheet({ position, loading, error, onCancel, onSubmit }: MarginSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<TMarginForm>({
    resolver: zodResolver(ZMarginForm),
    defaultValues: { direction: 'add', marginAmount: '' },
  });
  const direction = useWatch({ control: form.control, name: 'direction' });
  const typed = useWatch({ control: form.control, name: 'marginAmount' });
  const quote = position ? partsOf(position.symbol).quote : '';
  // A new position opens a fresh sheet, not the figures typed for the last one.
  useEffect(() => {
    if (position) form.reset({ direction: 'add', marginAmount: '' });
  }, [position, form]);

  return (
    <Popup
      visible={position !== null}
      onMaskClick={loading ? undefined : onCancel}
      destroyOnClose
      bodyClassName={popupStyles.popup}
    >
      <form
        className={popupStyles.body}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="margin-sheet"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          onSubmit({ direction: values.direction, amount: values.marginAmount }),
        )}
      >
        <h2 id={titleId} className={popupStyles.title}>
          {t('positionMargin.title', { symbol: position?.symbol ?? '' })}
        </h2>
        {/* The position being changed: the liquidation price that margin moves, and the margin itself. */}
        {position ? (
          <ReceiptRows
            rows={[
              {
                id: 'contracts',
                label: t('trading.positions.contracts'),
                value: decimalText(position.contracts),
              },
              { id: 'entry', label: t('trading.positions.entry'), value: decimalText(position.entryPrice) },
              {
                id: 'liquidation',
                label: t('trading.positions.liquidation'),
                value: decimalText(position.liquidationPrice),
              },
              {
                id: 'margin',
                label: t('positionMargin.current'),
                value: withUnit(decimalText(position.margin), position.margin, quote),
              },
              {
                id: 'margin-after',
                label: t('positionMargin.after'),
                value: marginAfterText(position.margin, direction, typed, quote),
                strong: true,
              },
            ]}
          />
        ) : null}
        <div className={sheetStyles.fields}>
          <Segmented
            name="margin-direction"
            label={t('positionMargin.direction')}
            value={direction}
            options={[
              { value: 'add', label: t('positionMargin.add') },
              { value: 'reduce', label: t('positionMargin.reduce') },
            ]}
            onChange={(value) => form.setValue('direction', value)}
          />
          <TradeInput
            control={form.control}
            name="marginAmount"
            label={t('positionMargin.amount')}
            unit={quote}
          />
        </div>
        {error ? (
          <div className={styles.error} role="alert" data-testid="margin-error">
            {tradeErrorText(error)}
          </div>
        ) : null}
        <div className={popupStyles.buttons}>
          <Button block size="large" fill="outline" onClick={onCancel} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button block size="large" color="primary" type="submit" loading={loading}>
            {t(direction === 'add' ? 'positionMargin.confirmAdd' : 'positionMargin.confirmReduce')}
          </Button>
        </div>
      </form>
    </Popup>
  );
}
