/**
 * "Resolved was updated": shown when the server refuses this tab's socket protocol (`client_too_old`). Plain DOM so
 * that it needs nothing beyond the socket module that detects it; one prompt per tab.
 */
export const RELOAD_PROMPT_TEXT = 'Resolved has been updated. Reload the page to keep going.';

export function showReloadPrompt(): void {
  if (document.getElementById('reload-prompt')) return;
  const prompt = document.createElement('div');
  prompt.id = 'reload-prompt';
  prompt.setAttribute('role', 'alertdialog');
  prompt.setAttribute('aria-label', 'Update available');
  prompt.className =
    'fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-xl flex-wrap items-center justify-between gap-3 rounded-2xl bg-slate-900 p-4 text-white shadow-2xl';
  const text = document.createElement('p');
  text.className = 'font-semibold';
  text.textContent = RELOAD_PROMPT_TEXT;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'rounded-xl bg-white px-4 py-2 text-sm font-semibold text-slate-900';
  button.textContent = 'Reload';
  button.addEventListener('click', () => window.location.reload());
  prompt.append(text, button);
  document.body.append(prompt);
  button.focus();
}
