import { useEffect, type RefObject } from 'react';

/** While `isOpen`, a press outside `rootRef` or the Escape key calls `onDismiss` (header menus, popovers). */
export function useDismiss(isOpen: boolean, rootRef: RefObject<HTMLElement | null>, onDismiss: () => void): void {
  useEffect(() => {
    if (!isOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !rootRef.current?.contains(event.target as Node)) {
        onDismiss();
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [isOpen, rootRef, onDismiss]);
}
