import { useState } from 'react';
import type { TDebate } from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { setRecordingConsent, setSpectatorWatch } from '../debates-queries';
import type { TRecorderState } from './useRoundRecorder';
import { seatChoices } from '../room/round-seats';

/** "both debaters" in a round of two, "all four debaters" in a round of teams. */
function everyoneWords(total: number): string {
  return total === 2
    ? 'both debaters'
    : `all ${['', '', 'two', 'three', 'four', 'five', 'six'][total] ?? total} debaters`;
}

/**
 * A debater's switch of the round's media: `recording` (both must agree before the round is recorded for the replay)
 * or `watch` (both must let spectators see and hear them). Shown at once while the change is on its way (and put
 * back if it fails).
 */
function useDebaterChoice(
  debate: TDebate,
  save: (debateId: number, isOn: boolean) => Promise<TDebate>,
  onDebateChange: (debate: TDebate) => void,
) {
  const [pending, setPending] = useState<boolean | null>(null);
  async function handleChange(isOn: boolean) {
    setPending(isOn);
    try {
      onDebateChange(await save(debate.id, isOn));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(null);
    }
  }
  return { pending, handleChange };
}

export function RecordingConsent({
  debate,
  side,
  myUserId,
  recording,
  onDebateChange,
}: {
  debate: TDebate;
  side: 'a' | 'b';
  myUserId: string | null;
  recording: TRecorderState;
  onDebateChange: (debate: TDebate) => void;
}) {
  const { pending, handleChange } = useDebaterChoice(debate, setRecordingConsent, onDebateChange);
  // Every debater's own say (partners too): the server records only once all of them agreed.
  const consent = seatChoices(debate, 'recordConsent', myUserId);
  const isRecordingAgreed = consent.agreed === consent.total;
  const isTwo = consent.total === 2;
  return (
    <div className="mt-3 text-sm text-slate-700">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={pending ?? consent.mine ?? debate.recordConsent[side]}
          disabled={pending !== null}
          onChange={(e) => void handleChange(e.target.checked)}
        />
        Record this round for the replay ({everyoneWords(consent.total)} must agree)
      </label>
      <p className="mt-1 text-xs text-slate-600" data-testid="recording-state">
        {recording.status === 'recording'
          ? 'Recording: your camera and microphone, uploaded as the round goes.'
          : recording.status === 'failed'
            ? `Recording stopped: ${recording.message}`
            : isRecordingAgreed
              ? `${isTwo ? 'Both' : 'All'} agreed: recording starts with your camera.`
              : consent.agreed > 0
                ? isTwo
                  ? 'One debater agreed to record; waiting for the other.'
                  : `${consent.agreed} of ${consent.total} debaters agreed to record; waiting for the others.`
                : 'Not recorded.'}
      </p>
    </div>
  );
}

export function SpectatorWatchChoice({
  debate,
  side,
  myUserId,
  onDebateChange,
}: {
  debate: TDebate;
  side: 'a' | 'b';
  myUserId: string | null;
  onDebateChange: (debate: TDebate) => void;
}) {
  const { pending, handleChange } = useDebaterChoice(debate, setSpectatorWatch, onDebateChange);
  const watch = seatChoices(debate, 'spectatorWatch', myUserId);
  return (
    <div className="mt-3 text-sm text-slate-700">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={pending ?? watch.mine ?? debate.spectatorWatch[side]}
          disabled={pending !== null}
          onChange={(e) => void handleChange(e.target.checked)}
        />
        Let spectators see and hear us
      </label>
      <p className="mt-1 text-xs text-slate-600" data-testid="spectator-watch-state">
        {debate.spectatorWatch.isAllowed
          ? 'Spectators see and hear the round. Evidence has its own switch, under Evidence.'
          : watch.agreed > 0
            ? watch.total === 2
              ? 'One debater lets spectators watch; waiting for the other. Spectators follow the clock only.'
              : `${watch.agreed} of ${watch.total} debaters let spectators watch; waiting for the others. Spectators follow the clock only.`
            : 'Spectators follow the clock, the speeches and the ballot, without audio, video or evidence.'}
      </p>
    </div>
  );
}
