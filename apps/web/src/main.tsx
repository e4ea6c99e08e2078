import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startPageLoad } from './App';
import { startSessionCheck } from './features/auth/AuthProvider';
import { toast } from './lib/toast';
import './index.css';

// The session check and the page's code (with the public data the page opens with) load side by side, and the app
// renders once the page's code is here, so that the shell and the page appear together: the shell shows nothing
// before the session check answers anyway (spec §4), and a page rendered before its code would show a spinner
// instead, which React then keeps up for at least 300 ms.
startSessionCheck();
void startPageLoad(window.location.pathname).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// The toast container loads a little after the page (not before its content, which it would slow down), or at the
// first key or pointer press if that comes sooner, so that a later toast (even one saying the connection dropped)
// does not wait for it.
const PRELOAD_EVENTS = ['pointerdown', 'keydown'] as const;
let toastTimer: ReturnType<typeof setTimeout> | undefined;
function preloadToasts() {
  clearTimeout(toastTimer);
  for (const name of PRELOAD_EVENTS) window.removeEventListener(name, preloadToasts, true);
  void toast.preload();
}
for (const name of PRELOAD_EVENTS) window.addEventListener(name, preloadToasts, true);
window.addEventListener('load', () => {
  toastTimer = setTimeout(preloadToasts, 3000);
});
