export * from './currency';
export * from './format';
export * from './parse';
export * from './rounding';
