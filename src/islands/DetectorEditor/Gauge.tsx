/** The detector's half-circle gauge: the calibrated probability, or a dash when the text does not qualify. */
export function Gauge({ percent, qualifies, tone, label }: { percent: number; qualifies: boolean; tone: string; label: string }) {
  return (
    <svg viewBox="0 0 120 70" className="h-20 w-32 shrink-0" role="img" aria-label={label} data-gauge>
      <path d="M10 60 A50 50 0 0 1 110 60" fill="none" stroke="#e2e8f0" strokeWidth="12" strokeLinecap="round" />
      <path d="M10 60 A50 50 0 0 1 110 60" fill="none" stroke={tone} strokeWidth="12" strokeLinecap="round" pathLength={100} strokeDasharray={`${qualifies ? percent : 0} 100`} />
      <text x="60" y="58" textAnchor="middle" className="fill-slate-900 text-[22px] font-bold" data-gauge-text>
        {qualifies ? `${percent}%` : '–'}
      </text>
    </svg>
  );
}
