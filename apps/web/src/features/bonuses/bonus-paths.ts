/**
 * routes.txt has no path for the spec's bonus screens (Asset/bonussummary, bonusrecord, searchBonusrecord):
 * they get these, beside the other personal pages.
 */
export const BonusPaths = {
  summary: '/pages/personal/bonus',
  records: '/pages/personal/bonus/records',
  record: '/pages/personal/bonus/records/:id',
} as const;

export const bonusRecordPath = (id: string) => BonusPaths.record.replace(':id', encodeURIComponent(id));
