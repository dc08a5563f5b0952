import type { TEmptySlot, TPlacementTree, TTreeNode } from '@app/contracts';

/** One place of the view, keyed by its place ("level-index"). */
export type GridCell = { place: string } & (
  | { kind: 'node'; node: TTreeNode }
  | { kind: 'slot'; slot: TEmptySlot }
  | { kind: 'blank' }
);

/** One row of the view: its level and its 2^level cells. */
export interface GridRow {
  level: number;
  cells: GridCell[];
}

/**
 * The binary view as rows of cells: row L has 2^L places, a child at place 2p (left) or 2p+1 (right) under
 * its parent's place p. A place holds a member, an empty slot one could sign up into, or nothing (its parent
 * is itself empty).
 */
export function placementGrid(tree: TPlacementTree): GridRow[] {
  const place = new Map<string, number>();
  const cells: GridCell[][] = Array.from({ length: tree.levels }, (_, level) =>
    Array.from({ length: 2 ** level }, (_, i): GridCell => ({ place: `${level}-${i}`, kind: 'blank' })),
  );
  const offset = (side: 'left' | 'right' | null) => (side === 'right' ? 1 : 0);
  for (const node of tree.nodes) {
    const parent = node.parentId === null ? undefined : place.get(node.parentId);
    const at = parent === undefined ? 0 : parent * 2 + offset(node.side);
    place.set(node.id, at);
    const row = cells[node.level];
    if (row) row[at] = { place: `${node.level}-${at}`, kind: 'node', node };
  }
  for (const slot of tree.slots) {
    const parent = place.get(slot.parentId);
    const row = cells[slot.level];
    const at = parent === undefined ? undefined : parent * 2 + offset(slot.side);
    if (at !== undefined && row) row[at] = { place: `${slot.level}-${at}`, kind: 'slot', slot };
  }
  return cells.map((row, level) => ({ level, cells: row }));
}
