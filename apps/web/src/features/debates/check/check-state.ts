/**
 * The connection check's three parts as plain states, and what each says: the camera, the microphone and the network.
 * Pure, so the dialog's words are tested without a browser.
 */
import type { TNetworkVerdict } from './network-verdict';

/** Why a device could not be had: refused (this site or the system said no), missing, busy, or no API at all. */
export type TDeviceProblem = 'refused' | 'missing' | 'busy' | 'unsupported';

export type TDeviceState =
  { status: 'starting' } | { status: 'on'; stream: MediaStream } | { status: 'problem'; problem: TDeviceProblem };

export type TNetworkState =
  | { status: 'testing' }
  | { status: 'done'; verdict: TNetworkVerdict; words: string }
  | { status: 'failed'; message: string };

export interface TCheckState {
  camera: TDeviceState;
  microphone: TDeviceState;
  network: TNetworkState;
}

export const STARTING_CHECK: TCheckState = {
  camera: { status: 'starting' },
  microphone: { status: 'starting' },
  network: { status: 'testing' },
};

/** What `getUserMedia`'s rejection means for the person (its DOMException name). */
export function deviceProblemOf(error: unknown): TDeviceProblem {
  const name = error instanceof Error || (typeof error === 'object' && error !== null) ? (error as Error).name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  if (name === 'TypeError') return 'unsupported';
  return 'missing';
}

const DEVICE_WORDS: Record<'camera' | 'microphone', Record<TDeviceProblem, string>> = {
  camera: {
    refused:
      'The browser may not use your camera. Allow the camera for this site (the icon in the address bar), then test again.',
    missing: 'No camera was found. Plug one in, or debate with your camera off.',
    busy: 'Your camera is in use by another app or tab. Close it, then test again.',
    unsupported: 'This browser cannot use a camera here. Try an up-to-date Chrome, Edge, Firefox or Safari.',
  },
  microphone: {
    refused:
      'The browser may not use your microphone. Allow the microphone for this site (the icon in the address bar), then test again.',
    missing: 'No microphone was found. Plug one in: the other side and the judge need to hear you.',
    busy: 'Your microphone is in use by another app or tab. Close it, then test again.',
    unsupported: 'This browser cannot use a microphone here. Try an up-to-date Chrome, Edge, Firefox or Safari.',
  },
};

export function deviceWords(device: 'camera' | 'microphone', state: TDeviceState): string {
  if (state.status === 'starting') return device === 'camera' ? 'Starting your camera…' : 'Starting your microphone…';
  if (state.status === 'on') {
    return device === 'camera'
      ? 'Your camera works: you should see yourself.'
      : 'Your microphone works: speak and the bar moves.';
  }
  return DEVICE_WORDS[device][state.problem];
}

export function networkWords(state: TNetworkState): string {
  if (state.status === 'testing') return 'Testing your network… this takes up to ten seconds.';
  if (state.status === 'failed') return state.message;
  return state.words;
}

/**
 * How loud a frame of microphone samples is, 0–100, from an AnalyserNode's byte time-domain data (128 is silence):
 * the root mean square, scaled so that ordinary speech fills most of the bar.
 */
export function levelOf(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const s of samples) sum += ((s - 128) / 128) ** 2;
  const rms = Math.sqrt(sum / samples.length);
  return Math.min(100, Math.round(rms * 400));
}
