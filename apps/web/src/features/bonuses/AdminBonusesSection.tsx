import {
  type TBonusDryRun,
  type TBonusRun,
  type TBonusSettings,
  type TRankRule,
  ZBonusRunRequest,
  ZBonusSettings,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-error';
import { FormAlert } from '../../shared/FormAlert';
import { displayAmount, formatDateTime } from '../admin/admin-format';
import { confirmAction } from '../admin/confirm-action';
import { type Column, DataTable } from '../admin/DataTable';
import { PagedTable } from '../admin/PagedTable';
import { Panel } from '../admin/Panel';
import { SectionFrame } from '../admin/SectionFrame';
import styles from './AdminBonuses.module.css';
import { bonusesApi, bonusKeys } from './bonuses.api';

const HANDLED = ['VALIDATION_FAILED', 'BONUS_PERIOD_INVALID', 'BONUS_SETTINGS_INVALID', 'CURRENCY_UNKNOWN'];

/** The code to show for a refused request: the first field's code of a validation answer, else its own. */
function codeOf(error: unknown): string | undefined {
  if (!isApiError(error)) return error ? 'INTERNAL' : undefined;
  return error.code === 'VALIDATION_FAILED' ? (error.fields[0]?.code ?? error.code) : error.code;
}

/** Yesterday (UTC): the last day a run can pay. */
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

function RunPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [day, setDay] = useState(yesterday);
  const [preview, setPreview] = useState<TBonusDryRun | null>(null);
  const [done, setDone] = useState<TBonusRun | null>(null);
  const [issue, setIssue] = useState<string | undefined>();
  const valid = () => {
    const parsed = ZBonusRunRequest.safeParse({ periodStart: day });
    setIssue(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success;
  };
  const dryRun = useMutation({
    mutationFn: () => bonusesApi.dryRun(day, HANDLED),
    onSuccess: (result) => setPreview(result),
    onError: (error) => setIssue(codeOf(error)),
  });
  const run = useMutation({
    mutationFn: () => bonusesApi.run(day, HANDLED),
    onSuccess: (result) => {
      setDone(result);
      setPreview(null);
      void queryClient.invalidateQueries({ queryKey: bonusKeys.all });
    },
    onError: (error) => setIssue(codeOf(error)),
  });
  const topColumns: Column<TBonusDryRun['top'][number]>[] = [
    { id: 'user', header: t('bonuses.admin.user'), render: (r) => r.username },
    { id: 'type', header: t('bonuses.admin.type'), render: (r) => t(`bonuses.types.${r.type}`) },
    { id: 'rank', header: t('bonuses.rank'), render: (r) => r.rank },
    { id: 'base', header: t('bonuses.base'), render: (r) => displayAmount(r.base), numeric: true },
    {
      id: 'amount',
      header: t('bonuses.amount'),
      render: (r) => `${displayAmount(r.amount)}${r.capped ? ` (${t('bonuses.capped')})` : ''}`,
      numeric: true,
    },
  ];
  return (
    <Panel title={t('bonuses.admin.run')}>
      <div className={styles.row}>
        <label>
          {t('bonuses.admin.periodStart')}
          <input
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            data-testid="bonus-run-day"
          />
        </label>
        <Button
          loading={dryRun.isPending}
          onClick={() => {
            setDone(null);
            if (valid()) dryRun.mutate();
          }}
        >
          {t('bonuses.admin.dryRun')}
        </Button>
        <Button
          color="primary"
          loading={run.isPending}
          onClick={async () => {
            setDone(null);
            if (valid() && (await confirmAction(t('bonuses.admin.confirmRun', { day })))) run.mutate();
          }}
        >
          {t('bonuses.admin.run')}
        </Button>
      </div>
      <FormAlert code={issue} />
      {done ? (
        <p className={styles.done} role="status" data-testid="bonus-run-done">
          {t('bonuses.admin.runDone')}: {done.periodStart} ·{' '}
          {done.totals ? displayAmount(done.totals.total) : '0'}
        </p>
      ) : null}
      {preview ? (
        <div data-testid="bonus-dry-run">
          <h3>{t('bonuses.admin.dryRunTitle')}</h3>
          <p>
            {t('bonuses.sponsor')}: {displayAmount(preview.totals.sponsor)} · {t('bonuses.pairing')}:{' '}
            {displayAmount(preview.totals.pairing)} · {t('bonuses.total')}:{' '}
            {displayAmount(preview.totals.total)} {preview.currency}
          </p>
          <DataTable
            caption={t('bonuses.admin.dryRunTitle')}
            columns={topColumns}
            rows={preview.top}
            rowKey={(r) => `${r.username}-${r.type}`}
          />
        </div>
      ) : null}
    </Panel>
  );
}

function RunsTable() {
  const { t } = useTranslation();
  const columns: Column<TBonusRun>[] = [
    { id: 'day', header: t('bonuses.admin.periodStart'), render: (r) => r.periodStart },
    {
      id: 'status',
      header: t('bonuses.admin.status'),
      render: (r) => t(`bonuses.admin.statuses.${r.status}`),
    },
    {
      id: 'members',
      header: t('bonuses.admin.members'),
      render: (r) => r.totals?.members ?? '—',
      numeric: true,
    },
    {
      id: 'sponsor',
      header: t('bonuses.sponsor'),
      render: (r) => (r.totals ? displayAmount(r.totals.sponsor) : '—'),
      numeric: true,
    },
    {
      id: 'pairing',
      header: t('bonuses.pairing'),
      render: (r) => (r.totals ? displayAmount(r.totals.pairing) : '—'),
      numeric: true,
    },
    {
      id: 'total',
      header: t('bonuses.total'),
      render: (r) => (r.totals ? `${displayAmount(r.totals.total)} ${r.settings.payoutCurrency}` : '—'),
      numeric: true,
    },
    {
      id: 'started',
      header: t('bonuses.admin.startedAt'),
      render: (r) => formatDateTime(r.startedAt, 'short'),
    },
    { id: 'error', header: t('bonuses.admin.error'), render: (r) => r.error ?? '' },
  ];
  return (
    <Panel title={t('bonuses.admin.runs')}>
      <PagedTable
        caption={t('bonuses.admin.runs')}
        queryKey={bonusKeys.runs}
        fetchPage={(page, pageSize, signal) => bonusesApi.runs(page, pageSize, signal)}
        columns={columns}
        rowKey={(r) => r.id}
      />
    </Panel>
  );
}

const amountFields = ['minPersonal', 'minWeakerLeg', 'dailyCap'] as const;
const numberFields = ['minDirects', 'sponsorBps', 'pairingBps'] as const;

function SettingsForm({ initial }: { initial: TBonusSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(initial);
  const [issue, setIssue] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (value: TBonusSettings) => bonusesApi.saveSettings(value, HANDLED),
    onSuccess: (view) => {
      setSaved(true);
      queryClient.setQueryData(bonusKeys.settings, view);
    },
    onError: (error) => setIssue(codeOf(error)),
  });
  const setRule = (index: number, patch: Partial<TRankRule>) =>
    setSettings((s) => ({ ...s, ranks: s.ranks.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
  return (
    <Panel title={t('bonuses.admin.settings')}>
      <form
        noValidate
        aria-label={t('bonuses.admin.settings')}
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(false);
          // Checked as the server checks it: a negative rate never leaves the page.
          const parsed = ZBonusSettings.safeParse(settings);
          setIssue(parsed.success ? undefined : parsed.error.issues[0]?.message);
          if (parsed.success) save.mutate(parsed.data);
        }}
      >
        <div className={styles.rules}>
          {settings.ranks.map((rule, index) => (
            <fieldset key={rule.rank} className={styles.rule} data-testid={`bonus-rule-${rule.rank}`}>
              <legend className={styles.ruleName}>{rule.rank}</legend>
              {amountFields.map((field) => (
                <label key={field} className={styles.field}>
                  {t(`bonuses.admin.${field}`)}
                  <input
                    inputMode="decimal"
                    value={rule[field]}
                    name={`${rule.rank}-${field}`}
                    onChange={(e) => setRule(index, { [field]: e.target.value })}
                  />
                </label>
              ))}
              {numberFields.map((field) => (
                <label key={field} className={styles.field}>
                  {t(`bonuses.admin.${field}`)}
                  <input
                    inputMode="numeric"
                    value={String(rule[field])}
                    name={`${rule.rank}-${field}`}
                    onChange={(e) => setRule(index, { [field]: Number(e.target.value.trim() || Number.NaN) })}
                  />
                </label>
              ))}
            </fieldset>
          ))}
        </div>
        <FormAlert code={issue} />
        {saved ? (
          <p className={styles.done} role="status" data-testid="bonus-settings-saved">
            {t('bonuses.admin.saved')}
          </p>
        ) : null}
        <Button type="submit" color="primary" loading={save.isPending}>
          {t('bonuses.admin.save')}
        </Button>
      </form>
    </Panel>
  );
}

/** The admin's bonuses: run or dry-run a day, the runs with their status and totals, and the settings. */
export default function AdminBonusesSection() {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: bonusKeys.settings,
    queryFn: ({ signal }) => bonusesApi.settings(signal),
  });
  return (
    <SectionFrame title={t('admin.sections.bonuses')}>
      <div className={styles.layout}>
        <RunPanel />
        <RunsTable />
        {settings.data ? (
          <SettingsForm key={settings.data.updatedAt ?? 'default'} initial={settings.data.settings} />
        ) : null}
      </div>
    </SectionFrame>
  );
}
