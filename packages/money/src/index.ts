export * from './currency';
export * from './format';
export * from './number-format';
export * from './parse';
export * from './rounding';
// The exchange decimals (bigints at 18 places) are the subpath '@app/money/decimal': their short names
// (parse, format, mul...) would be ambiguous beside the ledger's amounts here.
