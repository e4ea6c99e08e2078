import { useEffect, useState } from 'react';
import { startRecording, uploadRecordingChunk } from '../debates-queries';

const TIMESLICE_MS = 2000;

/** The first recording format this browser supports. */
function recorderType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return (
    ['video/webm;codecs=vp8,opus', 'video/webm', 'audio/webm'].find((t) => MediaRecorder.isTypeSupported(t)) ?? null
  );
}

/**
 * While `isActive` (both debaters agreed, the round is live), records this browser's own camera and microphone and
 * uploads it every two seconds, chunk after chunk in order; the last chunk goes when recording stops.
 */
export function useRoundRecorder(debateId: number, stream: MediaStream | null, isActive: boolean) {
  const [state, setState] = useState<'off' | 'recording' | 'failed'>('off');
  useEffect(() => {
    const mimeType = recorderType();
    if (!isActive || !stream || !mimeType) return;
    let recorder: MediaRecorder | null = null;
    let isStopped = false;
    let seq = 0;
    let queue = Promise.resolve();
    void startRecording(debateId, mimeType).then(
      (recordingId) => {
        if (isStopped) return;
        recorder = new MediaRecorder(stream, { mimeType });
        recorder.ondataavailable = (event) => {
          if (event.data.size === 0) return;
          const n = seq++;
          queue = queue.then(() =>
            uploadRecordingChunk(debateId, recordingId, n, event.data).then(
              () => undefined,
              () => setState('failed'),
            ),
          );
        };
        recorder.start(TIMESLICE_MS);
        setState('recording');
      },
      () => setState('failed'),
    );
    return () => {
      isStopped = true;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      setState('off');
    };
  }, [debateId, stream, isActive]);
  return state;
}
