import { useEffect } from 'react';
import { PRODUCT_NAME } from '@resolved/shared';

/** Sets the tab title to "<title> · Resolved" while the page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
