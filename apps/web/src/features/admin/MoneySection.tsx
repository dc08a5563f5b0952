import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdjustBalanceForm } from './AdjustBalanceForm';
import { ApprovalsPanel } from './ApprovalsPanel';
import { BulkAirdropForm } from './BulkAirdropForm';
import { ChoiceFilter } from './ChoiceFilter';
import { ManualDepositForm } from './ManualDepositForm';
import styles from './MoneySection.module.css';
import { Panel } from './Panel';
import { SectionFrame } from './SectionFrame';

const tools = ['airdrop', 'adjust', 'deposit'] as const;
type Tool = (typeof tools)[number];

// One tool at a time: the forms share field names (amount, reason), and one form on screen keeps every
// field's id unique and the admin's attention on the one action.
const forms: Record<Tool, ReactNode> = {
  airdrop: <BulkAirdropForm />,
  adjust: <AdjustBalanceForm />,
  deposit: <ManualDepositForm />,
};

/**
 * The money tools by username: an airdrop to many, a correction or a deposit for one; above them the
 * requests that wait for a second admin (four eyes).
 */
export default function MoneySection() {
  const { t } = useTranslation();
  const [tool, setTool] = useState<Tool>('airdrop');
  return (
    <SectionFrame
      title={t('admin.sections.money')}
      intro={t('admin.intro.money')}
      filters={
        <ChoiceFilter
          label={t('admin.money.tool')}
          options={tools.map((id) => ({ value: id, label: t(`admin.${id}.title`) }))}
          value={tool}
          onChange={setTool}
        />
      }
    >
      <ApprovalsPanel />
      <div className={styles.tool}>
        <Panel key={tool} title={t(`admin.${tool}.title`)} hint={t(`admin.${tool}.hint`)}>
          {forms[tool]}
        </Panel>
      </div>
    </SectionFrame>
  );
}
