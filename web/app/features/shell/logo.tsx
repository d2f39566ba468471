import { useId } from 'react';

/**
 * The Cuewave wordmark: a gradient tile holding five waveform bars (the "cue" is the brighter
 * bar) followed by the name. Original artwork; text is set in Inter so it matches the UI.
 */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  const gradient = useId();
  const width = compact ? 32 : 132;
  return (
    <svg
      className={className}
      width={width}
      height={32}
      viewBox={`0 0 ${width} 32`}
      role="img"
      aria-label="Cuewave"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#8b6cff" />
          <stop offset="0.55" stopColor="#5c8dff" />
          <stop offset="1" stopColor="#2fe0c6" />
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <g fill="#fff">
        <rect x="6.5" y="13" width="3" height="6" rx="1.5" opacity="0.75" />
        <rect x="11.5" y="9" width="3" height="14" rx="1.5" opacity="0.9" />
        <rect x="16.5" y="5.5" width="3" height="21" rx="1.5" />
        <rect x="21.5" y="10.5" width="3" height="11" rx="1.5" opacity="0.9" />
        <circle cx="27" cy="16" r="1.6" opacity="0.8" />
      </g>
      {compact ? null : (
        <text
          x="41"
          y="22.5"
          fill="currentColor"
          fontFamily="'Inter Variable', Inter, system-ui, sans-serif"
          fontSize="20"
          fontWeight="750"
          letterSpacing="-0.6"
        >
          Cuewave
        </text>
      )}
    </svg>
  );
}
