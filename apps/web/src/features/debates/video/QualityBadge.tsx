import type { TCallQuality, TQualityLevel } from './call-quality';

const BARS: Record<TQualityLevel, number> = { good: 3, fair: 2, poor: 1, unknown: 0 };
const FILL: Record<TQualityLevel, string> = {
  good: 'fill-emerald-400',
  fair: 'fill-amber-300',
  poor: 'fill-red-400',
  unknown: 'fill-slate-400',
};

/** Three bars, as many lit as the connection deserves (a phone's signal, which everyone reads). */
function SignalBars({ level }: { level: TQualityLevel }) {
  return (
    <svg viewBox="0 0 15 12" className="h-3 w-4" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <rect
          key={i}
          x={i * 5.5}
          y={8 - i * 4}
          width="4"
          height={4 + i * 4}
          rx="1"
          className={i < BARS[level] ? FILL[level] : 'fill-slate-500/70'}
        />
      ))}
    </svg>
  );
}

/**
 * A tile's connection quality: signal bars in its corner (its words for screen readers and as a tooltip), and the
 * words themselves across the tile when the connection is weak.
 */
export function QualityBadge({ quality }: { quality: TCallQuality }) {
  return (
    <>
      <span
        className="absolute right-2 top-2 flex items-center rounded-full bg-slate-900/75 px-1.5 py-1"
        title={quality.words}
        data-testid="call-quality"
        data-level={quality.level}
      >
        <SignalBars level={quality.level} />
        <span className="sr-only">{quality.words}</span>
      </span>
      {quality.level === 'poor' ? (
        <p
          className="absolute inset-x-2 bottom-8 rounded-lg bg-red-800/90 px-2 py-1 text-xs font-semibold text-white"
          aria-hidden="true"
          data-testid="call-quality-warning"
        >
          {quality.isStalled ? 'Reconnecting: nothing arrives' : 'Weak connection: video may freeze'}
        </p>
      ) : null}
    </>
  );
}
