/**
 * The app's toasts (spec §9: top-right, auto-close 5000 ms). react-toastify and its container are not in the
 * first load: the first toast (or `preloadToasts`, once the page has loaded) fetches them, and a toast asked
 * for before they arrive is shown as soon as they do, in order.
 */
export type TToastKind = 'success' | 'error' | 'info' | 'warn';

export interface TToastHost {
  show(kind: TToastKind, message: string): void;
}

export interface TToast {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  /** Fetches and mounts the toast container ahead of the first toast; a failure is left to that toast to retry. */
  preload(): Promise<void>;
}

/** A toast API over a host loaded on first use; a failed load is tried again by the next toast. */
export function createToast(loadHost: () => Promise<TToastHost>): TToast {
  let host: Promise<TToastHost> | undefined;
  const load = () => {
    host ??= loadHost().catch((error: unknown) => {
      host = undefined;
      throw error;
    });
    return host;
  };
  const show = (kind: TToastKind, message: string) => {
    load().then(
      (h) => h.show(kind, message),
      (error: unknown) => console.error(`Could not show the toast "${message}"`, error),
    );
  };
  return {
    success: (message) => show('success', message),
    error: (message) => show('error', message),
    info: (message) => show('info', message),
    warn: (message) => show('warn', message),
    preload: () =>
      load().then(
        () => undefined,
        () => undefined,
      ),
  };
}

export const toast = createToast(() => import('./toast-host').then((m) => m.mountToastHost()));
