import { createRoot } from 'react-dom/client';
import { ToastContainer, toast } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@resolved/shared';
import type { TToastHost } from './toast';

/**
 * Mounts the one toast container, top-right with the spec's auto-close, in a root of its own after the app's
 * (react-toastify injects its own stylesheet when the container mounts), and shows toasts in it.
 */
export function mountToastHost(): TToastHost {
  const element = document.createElement('div');
  document.body.append(element);
  createRoot(element).render(<ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />);
  return { show: (kind, message) => toast[kind](message) };
}
