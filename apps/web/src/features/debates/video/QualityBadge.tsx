import { Signal, SignalLow, SignalMedium, SignalZero } from 'lucide-react';
import type { TCallQuality } from './call-quality';

const ICONS = { good: Signal, fair: SignalMedium, poor: SignalLow, unknown: SignalZero } as const;
const TONES = {
  good: 'bg-slate-900/70 text-emerald-300',
  fair: 'bg-slate-900/70 text-amber-300',
  poor: 'bg-slate-900/70 text-red-300',
  unknown: 'bg-slate-900/70 text-slate-300',
} as const;

/**
 * A tile's connection quality: a small signal icon in its corner (its words for screen readers and as a tooltip), and
 * the words themselves across the tile when the connection is weak.
 */
export function QualityBadge({ quality }: { quality: TCallQuality }) {
  const Icon = ICONS[quality.level];
  return (
    <>
      <span
        className={`absolute right-2 top-2 flex items-center rounded-full p-1 ${TONES[quality.level]}`}
        title={quality.words}
        data-testid="call-quality"
        data-level={quality.level}
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">{quality.words}</span>
      </span>
      {quality.level === 'poor' ? (
        <p
          className="absolute inset-x-2 bottom-8 rounded-lg bg-red-800/90 px-2 py-1 text-xs font-semibold text-white"
          aria-hidden="true"
          data-testid="call-quality-warning"
        >
          Weak connection: video may freeze
        </p>
      ) : null}
    </>
  );
}
