import { useState } from 'react';
import type { TDebate } from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { setRecordingConsent, setSpectatorWatch } from '../debates-queries';
import type { TRecorderState } from './useRoundRecorder';

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
  recording,
  onDebateChange,
}: {
  debate: TDebate;
  side: 'a' | 'b';
  recording: TRecorderState;
  onDebateChange: (debate: TDebate) => void;
}) {
  const { pending, handleChange } = useDebaterChoice(debate, setRecordingConsent, onDebateChange);
  const isRecordingAgreed = debate.recordConsent.a && debate.recordConsent.b;
  return (
    <div className="mt-3 text-sm text-slate-700">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={pending ?? debate.recordConsent[side]}
          disabled={pending !== null}
          onChange={(e) => void handleChange(e.target.checked)}
        />
        Record this round for the replay (both debaters must agree)
      </label>
      <p className="mt-1 text-xs text-slate-600" data-testid="recording-state">
        {recording.status === 'recording'
          ? 'Recording: your camera and microphone, uploaded as the round goes.'
          : recording.status === 'failed'
            ? `Recording stopped: ${recording.message}`
            : isRecordingAgreed
              ? 'Both agreed: recording starts with your camera.'
              : debate.recordConsent.a || debate.recordConsent.b
                ? 'One debater agreed to record; waiting for the other.'
                : 'Not recorded.'}
      </p>
    </div>
  );
}

export function SpectatorWatchChoice({
  debate,
  side,
  onDebateChange,
}: {
  debate: TDebate;
  side: 'a' | 'b';
  onDebateChange: (debate: TDebate) => void;
}) {
  const { pending, handleChange } = useDebaterChoice(debate, setSpectatorWatch, onDebateChange);
  return (
    <div className="mt-3 text-sm text-slate-700">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={pending ?? debate.spectatorWatch[side]}
          disabled={pending !== null}
          onChange={(e) => void handleChange(e.target.checked)}
        />
        Let spectators see and hear us
      </label>
      <p className="mt-1 text-xs text-slate-600" data-testid="spectator-watch-state">
        {debate.spectatorWatch.isAllowed
          ? 'Spectators see and hear the round. Evidence has its own switch, under Evidence.'
          : debate.spectatorWatch.a || debate.spectatorWatch.b
            ? 'One debater lets spectators watch; waiting for the other. Spectators follow the clock only.'
            : 'Spectators follow the clock, the speeches and the ballot, without audio, video or evidence.'}
      </p>
    </div>
  );
}
