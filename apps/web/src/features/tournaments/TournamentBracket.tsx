import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { bracketRoundName, type TTournamentDivisionBracket } from '@resolved/shared';
import viewerScriptUrl from 'brackets-viewer/dist/brackets-viewer.min.js?url';
import 'brackets-viewer/dist/brackets-viewer.min.css';

/** What `brackets-viewer` puts on `window` (its bundle is a script, not a module). */
interface TBracketsViewer {
  render: (
    data: { stages: unknown[]; matches: unknown[]; matchGames: unknown[]; participants: unknown[] },
    config: {
      selector: string;
      clear: boolean;
      /** A round's column heading; a falsy answer keeps the library's own. */
      customRoundName?: (info: TViewerRoundInfo) => string | undefined;
    },
  ) => Promise<void>;
}

/** What `brackets-viewer` tells `customRoundName` of a round (its `RoundNameInfo`). */
interface TViewerRoundInfo {
  groupType: string;
  roundNumber: number;
  roundCount: number;
}

/**
 * The columns are named as the pairings name the rounds ("Semifinals", "Final"; the shared `bracketRoundName`), not
 * the library's "Round 1" and "Final Round". Our brackets are single elimination: one group of rounds.
 */
const nameBracketRound = (info: TViewerRoundInfo) =>
  info.groupType === 'single-bracket' ? bracketRoundName(info.roundNumber, info.roundCount) : undefined;

/**
 * `brackets-viewer`'s own greys and greens fail WCAG AA contrast on white (its seed hints are #a7a7a7, its win green
 * #50b649): its colour variables set to the app's slate, green and red that pass it (inline, so they win over the
 * library's stylesheet whatever order the chunks load in).
 */
const VIEWER_COLOURS = {
  '--font-color': '#0f172a',
  '--label-color': '#475569',
  '--hint-color': '#475569',
  '--win-color': '#15803d',
  '--loss-color': '#b91c1c',
} as CSSProperties;

let viewerLoad: Promise<TBracketsViewer> | null = null;

/** Loads `brackets-viewer`'s script once (from our own origin, as Vite emits it), then gives its viewer. */
function loadViewer(): Promise<TBracketsViewer> {
  viewerLoad ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = viewerScriptUrl;
    script.async = true;
    script.onload = () => {
      const viewer = (window as unknown as { bracketsViewer?: TBracketsViewer }).bracketsViewer;
      if (viewer) resolve(viewer);
      else reject(new Error('The bracket viewer did not load.'));
    };
    script.onerror = () => {
      viewerLoad = null;
      reject(new Error('The bracket viewer did not load.'));
    };
    document.head.append(script);
  });
  return viewerLoad;
}

/**
 * One division's elimination bracket drawn by `brackets-viewer` from `brackets-manager`'s tables (the server's), with
 * the champion named above it and the seeds listed as text for screen readers and small screens.
 */
export function TournamentBracket({ division }: { division: TTournamentDivisionBracket }) {
  const id = `bracket-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const holder = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const { bracket } = division;

  useEffect(() => {
    let isCurrent = true;
    loadViewer()
      .then((viewer) =>
        isCurrent && holder.current
          ? viewer.render(
              {
                stages: bracket.stage,
                matches: bracket.match,
                matchGames: bracket.matchGame,
                participants: bracket.participant,
              },
              { selector: `#${id}`, clear: true, customRoundName: nameBracketRound },
            )
          : undefined,
      )
      .catch(() => {
        // The standings and the seeds above still say who advanced; the picture is what failed.
        if (isCurrent) setError('The bracket could not be drawn. Reload the page to try again.');
      });
    return () => {
      isCurrent = false;
    };
  }, [bracket, id]);

  return (
    <div data-testid="tournament-bracket" className="min-w-0">
      {division.champion ? (
        <p className="mb-3 text-base" data-testid="tournament-champion">
          <span className="font-semibold text-slate-700">Champion:</span>{' '}
          <span className="font-bold text-slate-900">{division.champion.displayName}</span>
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        Seeds: {division.seeds.map((s) => `${s.seed}. ${s.displayName}`).join(', ')}
      </p>
      {error ? <p className="mt-2 text-sm text-red-700">{error}</p> : null}
      <div className="mt-3 overflow-x-auto">
        <div id={id} ref={holder} className="brackets-viewer" style={VIEWER_COLOURS} aria-hidden="true" />
      </div>
    </div>
  );
}
