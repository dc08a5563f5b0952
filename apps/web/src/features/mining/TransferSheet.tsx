import { ErrorCodes, type TStock, type TStockItem, type TStockTransferRequest } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import Stepper from 'antd-mobile/es/components/stepper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../shared/error-code';
import { FormAlert } from '../../shared/FormAlert';
import { ReceiptPopup } from '../../shared/ReceiptPopup';
import styles from '../purchase/PurchaseSheet.module.css';
import { MoneyHoldNotice } from '../wallet/MoneyHoldNotice';
import { useConfirmFlow } from '../wallet/use-confirm-flow';
import { useRecipientCheck } from '../wallet/use-recipient';
import { miningApi, miningKeys } from './mining.api';

interface Pending {
  item: TStockItem;
  to: string;
  maskedName: string;
  units: number;
}

const handled: readonly string[] = [...ErrorCodes, 'NETWORK_ERROR', 'TIMEOUT'];

function TransferForm({
  item,
  onContinue,
  onCancel,
}: {
  item: TStockItem;
  onContinue: (p: Pending) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [units, setUnits] = useState(1);
  const [error, setError] = useState<string | undefined>();
  const recipient = useRecipientCheck(to);
  return (
    <form
      className={styles.sheet}
      aria-label={t('mining.transfer.title')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        recipient
          .ensure(to)
          .then((found) => onContinue({ item, to: found.username, maskedName: found.maskedName, units }))
          .catch((failure: unknown) => setError(errorCodeOf(failure)));
      }}
    >
      <h2 className={styles.title}>{t('mining.transfer.title')}</h2>
      <p className={styles.subject}>
        {t('mining.stock.line', { name: item.packageName, count: item.count })}
      </p>
      <MoneyHoldNotice outflow />
      <fieldset className={styles.group}>
        <legend>{t('mining.transfer.to')}</legend>
        <Input
          value={to}
          onChange={setTo}
          onBlur={() => to.trim() && recipient.check(to)}
          placeholder={t('mining.transfer.toPlaceholder')}
          aria-label={t('mining.transfer.to')}
          data-testid="stock-transfer-to"
        />
        {recipient.status ? <p className={styles.hint}>{recipient.status.text}</p> : null}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('mining.buy.units')}</legend>
        <Stepper
          min={1}
          max={Math.max(1, item.count)}
          digits={0}
          value={units}
          onChange={(n) => setUnits(Math.max(1, Math.trunc(n)))}
          aria-label={t('mining.buy.units')}
        />
      </fieldset>
      <FormAlert code={error} />
      <div className={styles.buttons}>
        <Button block size="large" fill="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button block size="large" color="primary" type="submit" disabled={to.trim() === ''}>
          {t('mining.transfer.continue')}
        </Button>
      </div>
    </form>
  );
}

/** transfer / transfersave: units of a package to another member, who is confirmed by masked name. */
export function TransferSheet({ item, onClose }: { item: TStockItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const flow = useConfirmFlow<Pending, TStockTransferRequest, TStock>({
    body: (p, password) => ({ packageId: p.item.packageId, to: p.to, units: p.units, password }),
    send: (body, key) => miningApi.transfer(body, key, handled),
    onDone: () => {
      void queryClient.invalidateQueries({ queryKey: miningKeys.all });
      onClose();
    },
  });
  const p = flow.pending;
  return (
    <>
      <Popup
        visible={item !== null && p === null}
        onMaskClick={onClose}
        destroyOnClose
        bodyClassName={styles.popup}
      >
        {item ? <TransferForm item={item} onContinue={flow.open} onCancel={onClose} /> : null}
      </Popup>
      <ReceiptPopup
        {...flow.popup}
        title={t('mining.transfer.title')}
        rows={
          p
            ? [
                { id: 'item', label: t('mining.receipt.item'), value: p.item.packageName },
                { id: 'units', label: t('mining.buy.units'), value: String(p.units) },
                {
                  id: 'to',
                  label: t('mining.transfer.to'),
                  value: `${p.to} (${p.maskedName})`,
                  strong: true,
                },
              ]
            : []
        }
      />
    </>
  );
}
