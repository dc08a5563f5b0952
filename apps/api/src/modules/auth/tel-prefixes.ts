import type { TTelPrefixItem } from '@app/contracts';

/** Country calling codes offered at sign-up (logon/getTelPrefix), the region's markets first. */
export const telPrefixes: TTelPrefixItem[] = [
  { prefix: '+60', country: 'Malaysia', iso: 'MY' },
  { prefix: '+65', country: 'Singapore', iso: 'SG' },
  { prefix: '+62', country: 'Indonesia', iso: 'ID' },
  { prefix: '+66', country: 'Thailand', iso: 'TH' },
  { prefix: '+84', country: 'Vietnam', iso: 'VN' },
  { prefix: '+63', country: 'Philippines', iso: 'PH' },
  { prefix: '+86', country: 'China', iso: 'CN' },
  { prefix: '+852', country: 'Hong Kong', iso: 'HK' },
  { prefix: '+886', country: 'Taiwan', iso: 'TW' },
  { prefix: '+81', country: 'Japan', iso: 'JP' },
  { prefix: '+82', country: 'South Korea', iso: 'KR' },
  { prefix: '+91', country: 'India', iso: 'IN' },
  { prefix: '+971', country: 'United Arab Emirates', iso: 'AE' },
  { prefix: '+49', country: 'Germany', iso: 'DE' },
  { prefix: '+33', country: 'France', iso: 'FR' },
  { prefix: '+41', country: 'Switzerland', iso: 'CH' },
  { prefix: '+44', country: 'United Kingdom', iso: 'GB' },
  { prefix: '+1', country: 'United States / Canada', iso: 'US' },
  { prefix: '+61', country: 'Australia', iso: 'AU' },
  { prefix: '+55', country: 'Brazil', iso: 'BR' },
];
