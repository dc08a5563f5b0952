import type { TTreeNode } from '@app/contracts';
import { formatAmount, STABLECOIN_DECIMALS } from '@app/money';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Selector from 'antd-mobile/es/components/selector';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../app/api-error';
import { dateTimeText, dayText, intlLocale } from '../../shared/format';
import { PageLayout } from '../../shared/PageLayout';
import { type GridCell, placementGrid } from './placement-grid';
import styles from './Team.module.css';
import { teamApi, teamKeys } from './team.api';
import { signUpLink, TeamPaths } from './team-paths';

const levelChoices = [2, 3, 4];

/** Leg volumes are USDT minor units (the bonus runs count purchases in USDT). */
const volumeText = (minor: string) =>
  formatAmount(BigInt(minor), STABLECOIN_DECIMALS, intlLocale(), { maximumFractionDigits: 2 });

function NodeCard({ node, onOpen }: { node: TTreeNode; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`${styles.node} ${node.level === 0 ? styles.top : ''}`}
      onClick={onOpen}
      data-testid={`node-${node.username}`}
    >
      <strong>{node.username}</strong>
      <span className={styles.muted}>{node.rank}</span>
      <span className={styles.muted}>{dayText(node.joinedAt)}</span>
      <span className={styles.legs}>
        <span>{t('team.tree.leftMembers', { n: node.leftMembers })}</span>
        <span>{t('team.tree.rightMembers', { n: node.rightMembers })}</span>
      </span>
      <span className={styles.muted}>
        {node.volumes
          ? t('team.tree.volumes', {
              left: volumeText(node.volumes.left),
              right: volumeText(node.volumes.right),
            })
          : t('team.tree.noVolumes')}
      </span>
    </button>
  );
}

function Cell({ cell, onOpen }: { cell: GridCell; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  if (cell.kind === 'node') return <NodeCard node={cell.node} onOpen={() => onOpen(cell.node.id)} />;
  if (cell.kind === 'slot') {
    return (
      <Link
        className={styles.slot}
        to={signUpLink(cell.slot)}
        data-testid={`slot-${cell.slot.placement}-${cell.slot.side}`}
        aria-label={t('team.tree.emptySlot', {
          placement: cell.slot.placement,
          side: t(`team.side.${cell.slot.side}`),
        })}
      >
        <AddOutline />
        <span>{t(`team.side.${cell.slot.side}`)}</span>
      </Link>
    );
  }
  return <div className={styles.blank} />;
}

/**
 * SponsorTreeOne (Tree/gettree, getgroupinfo2, chup): the binary placement tree a few levels down from a node
 * of the member's downline. A node opens the view from there; up goes to the parent, never above the member.
 */
export default function PlacementTreePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const node = params.get('node');
  const levels = Number(params.get('levels') ?? 3) || 3;
  const tree = useQuery({
    queryKey: teamKeys.tree(node, levels),
    queryFn: ({ signal }) => teamApi.tree({ ...(node ? { node } : {}), levels }, signal),
  });
  const open = (next: string | null, nextLevels = levels) => {
    const query = new URLSearchParams();
    if (next) query.set('node', next);
    if (nextLevels !== 3) query.set('levels', String(nextLevels));
    setParams(query);
  };

  return (
    <PageLayout title={t('team.tree.title')} backTo="/pages/personal/personal" padded={false}>
      <div className={styles.toolbar}>
        <Button
          size="small"
          disabled={!tree.data?.upId}
          onClick={() => open(tree.data?.upId ?? null)}
          data-testid="tree-up"
        >
          {t('team.tree.up')}
        </Button>
        <Button size="small" disabled={!node || node === tree.data?.selfId} onClick={() => open(null)}>
          {t('team.tree.self')}
        </Button>
        <Button size="small" onClick={() => navigate(TeamPaths.sponsorTree)}>
          {t('team.sponsorTree.title')}
        </Button>
        <Selector
          options={levelChoices.map((n) => ({ label: t('team.tree.levels', { n }), value: n }))}
          value={[levels]}
          onChange={(value) => value[0] && open(node, value[0])}
        />
      </div>
      {tree.isPending ? (
        <SpinLoading />
      ) : tree.isError ? (
        <ErrorBlock
          status="default"
          title={t(`errors.${isApiError(tree.error) ? tree.error.code : 'INTERNAL'}`)}
          description=""
        >
          <Button onClick={() => open(null)}>{t('team.tree.self')}</Button>
        </ErrorBlock>
      ) : (
        <div className={styles.levels} data-testid="placement-tree">
          {tree.data.countsAsOf && (
            // Leg counts are the daily run's (decision 31): a member who just joined shows up as a node at
            // once but in the counts only after the next run.
            <p className={`${styles.muted} ${styles.asOf}`} data-testid="counts-as-of">
              {t('team.tree.countsAsOf', { time: dateTimeText(tree.data.countsAsOf) })}
            </p>
          )}
          {placementGrid(tree.data).map((row) => (
            <div
              key={row.level}
              className={styles.row}
              style={{ gridTemplateColumns: `repeat(${row.cells.length}, minmax(0, 1fr))` }}
            >
              {row.cells.map((cell) => (
                <Cell key={cell.place} cell={cell} onOpen={open} />
              ))}
            </div>
          ))}
        </div>
      )}
    </PageLayout>
  );
}
