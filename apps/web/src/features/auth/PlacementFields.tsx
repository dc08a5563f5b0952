import Radio from 'antd-mobile/es/components/radio';
import Space from 'antd-mobile/es/components/space';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../shared/FormField';
import { usePlacementCheck, useSponsorCheck } from './register.checks';
import type { RegisterValues } from './register.form';

/** Sponsor, placement and side: each checked with the server as it is typed. */
export function PlacementFields({ form }: { form: UseFormReturn<RegisterValues> }) {
  const { t } = useTranslation();
  const { control, watch, getValues, setValue } = form;
  const sponsorStatus = useSponsorCheck(watch('sponsor'));
  const placement = usePlacementCheck(watch('sponsor'), watch('placement'));
  const sides = placement.sides;

  // A side that is taken cannot be chosen: move the choice to a free one when there is one.
  useEffect(() => {
    if (!sides) return;
    const side = getValues('side');
    const free = side === 'left' ? sides.leftFree : sides.rightFree;
    if (!free && (sides.leftFree || sides.rightFree)) {
      setValue('side', sides.leftFree ? 'left' : 'right', { shouldValidate: true });
    }
  }, [sides, getValues, setValue]);

  return (
    <>
      <FormField
        control={control}
        name="sponsor"
        label={t('register.sponsor')}
        placeholder={t('register.sponsorPlaceholder')}
        autoComplete="off"
        status={sponsorStatus}
      />
      <FormField
        control={control}
        name="placement"
        label={t('register.placement')}
        placeholder={t('register.placementPlaceholder')}
        autoComplete="off"
        status={placement.status}
      />
      <FormField
        control={control}
        name="side"
        label={t('register.side')}
        render={(field) => (
          <Radio.Group value={field.value} onChange={(value) => field.onChange(value)}>
            <Space>
              <Radio value="left" disabled={sides ? !sides.leftFree : false}>
                {t('register.left')}
              </Radio>
              <Radio value="right" disabled={sides ? !sides.rightFree : false}>
                {t('register.right')}
              </Radio>
            </Space>
          </Radio.Group>
        )}
      />
    </>
  );
}
