import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { startRecording, uploadRecordingChunk } from '../debates-queries';
import { errorMessage } from '../../../lib/form-errors';

const TIMESLICE_MS = 2000;
/** A chunk whose upload fails for a passing reason (the network, a busy server) is tried again after these waits. */
const RETRY_DELAYS_MS = [1000, 3000, 8000];

export type TRecorderState = { status: 'off' | 'recording' } | { status: 'failed'; message: string };

/**
 * Uploads one chunk, trying again after a passing failure. A conflict means the server already holds this chunk
 * (an earlier try reached it but its answer was lost); a 4xx other than that will not change on a retry.
 */
async function uploadWithRetry(debateId: number, recordingId: number, seq: number, data: Blob): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await uploadRecordingChunk(debateId, recordingId, seq, data);
      return;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return;
      const isPassing = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
      const delay = RETRY_DELAYS_MS[attempt];
      if (!isPassing || delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The first recording format this browser supports for what the stream holds (sound alone while the camera is off). */
function recorderType(hasVideo: boolean): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  const types = hasVideo
    ? ['video/webm;codecs=vp8,opus', 'video/webm', 'audio/webm']
    : ['audio/webm;codecs=opus', 'audio/webm'];
  return types.find((t) => MediaRecorder.isTypeSupported(t)) ?? null;
}

/**
 * While `isActive` (both debaters agreed, the round is live), records this browser's own camera and microphone and
 * uploads it every two seconds, chunk after chunk in order; the last chunk goes when recording stops.
 * A MediaRecorder cannot change its tracks, so turning the camera on or off (a new `stream`) ends this recording
 * and starts the next one with what the stream now holds: sound alone while the camera is off, never black frames.
 */
export function useRoundRecorder(debateId: number, stream: MediaStream | null, isActive: boolean): TRecorderState {
  const [state, setState] = useState<TRecorderState>({ status: 'off' });
  useEffect(() => {
    if (!isActive || !stream) return;
    const mimeType = recorderType(stream.getVideoTracks().length > 0);
    if (!mimeType) return;
    let recorder: MediaRecorder | null = null;
    let isStopped = false;
    let hasFailed = false;
    let seq = 0;
    let queue = Promise.resolve();
    const fail = (error: unknown) => {
      hasFailed = true;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      const message = errorMessage(error, 'The upload failed.');
      setState({ status: 'failed', message });
    };
    void startRecording(debateId, mimeType).then((recordingId) => {
      if (isStopped) return;
      recorder = new MediaRecorder(stream, { mimeType });
      recorder.ondataavailable = (event) => {
        if (event.data.size === 0 || hasFailed) return;
        const n = seq++;
        // In order: chunk n+1 goes only after chunk n is stored; after a failure nothing more is sent.
        queue = queue.then(() =>
          hasFailed ? undefined : uploadWithRetry(debateId, recordingId, n, event.data).catch(fail),
        );
      };
      recorder.start(TIMESLICE_MS);
      setState({ status: 'recording' });
    }, fail);
    return () => {
      isStopped = true;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      setState({ status: 'off' });
    };
  }, [debateId, stream, isActive]);
  return state;
}
