import { createElement, lazy, useState, type ComponentType } from 'react';

export type TLazyPage<P extends object> = ComponentType<P> & {
  /** Loads the page's code; once it is here the page renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * A page whose code loads on demand, like `React.lazy`, that can also be loaded ahead of its first render. React.lazy
 * alone suspends on its first render even when the code is already here, and the loading fallback it then shows
 * stays up for a further 300 ms (React holds back revealing a boundary that has just shown its fallback).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): TLazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  function LazyPage(props: P) {
    // Chosen once per mount: changing from the lazy wrapper to the page itself later would remount the page.
    const [page] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(page, props);
  }
  return Object.assign(LazyPage, { preload: () => loadAndKeep().then(() => undefined) });
}
