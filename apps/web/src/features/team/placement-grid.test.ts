import type { TPlacementTree, TTreeNode } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { placementGrid } from './placement-grid';

const node = (
  id: string,
  parentId: string | null,
  side: 'left' | 'right' | null,
  level: number,
): TTreeNode => ({
  id,
  username: `m${id}`,
  rank: 'Fans',
  joinedAt: '2026-01-01T00:00:00.000Z',
  parentId,
  side,
  level,
  leftMembers: 0,
  rightMembers: 0,
  volumes: null,
});

describe('placement grid', () => {
  it('puts a lone right child under its parent, its free left place as a slot and the rest blank', () => {
    const tree: TPlacementTree = {
      levels: 3,
      selfId: '1',
      upId: null,
      countsAsOf: null,
      nodes: [node('1', null, null, 0), node('2', '1', 'right', 1), node('3', '2', 'right', 2)],
      slots: [
        { parentId: '1', level: 1, side: 'left', sponsor: 'm1', placement: 'm1' },
        { parentId: '2', level: 2, side: 'left', sponsor: 'm1', placement: 'm2' },
      ],
    };
    const grid = placementGrid(tree);
    expect(grid.map((row) => row.cells.map((c) => (c.kind === 'node' ? c.node.id : c.kind)))).toEqual([
      ['1'],
      ['slot', '2'],
      ['blank', 'blank', 'slot', '3'],
    ]);
  });
});
