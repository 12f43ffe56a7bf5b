/** A thumbs-up or thumbs-down icon (an SVG, not an emoji: the same on every system), filled when chosen. */
export function ThumbIcon({ up, filled }: { up: boolean; filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 ${up ? '' : 'rotate-180'}`} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" data-icon={up ? 'thumb-up' : 'thumb-down'}>
      <path d="M7 10v11H3V10h4Z" />
      <path d="M7 10l4-8c1.7 0 3 1.3 3 3v4h5.3c1.2 0 2.1 1.1 1.9 2.3l-1.4 8A2 2 0 0 1 17.8 21H7" />
    </svg>
  );
}
