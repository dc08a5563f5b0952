import { useId } from 'react';
import { brand } from '../../app/config';

/** The brand mark, inline so it needs no request. */
export function Logo({ size = 32 }: { size?: number }) {
  // Each logo owns its gradient: a gradient defined inside a hidden copy (the side menu on phones) would
  // paint nothing for the visible one.
  const fill = `logo-${useId().replaceAll(':', '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={brand}>
      <defs>
        <linearGradient id={fill} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#F5A623" />
          <stop offset="1" stopColor="#FF8C00" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${fill})`} />
      <rect x="2" y="2" width="60" height="60" rx="14" fill="none" stroke="#fff" strokeOpacity="0.6" />
      <path d="M18 46V18h6l16 18V18h6v28h-6L24 28v18z" fill="#fff" />
    </svg>
  );
}
