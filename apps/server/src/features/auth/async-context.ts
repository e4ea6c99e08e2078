/**
 * better-auth keeps each call's state (the request, the endpoint, the adapter's transaction) in three
 * AsyncLocalStorage instances it puts on `globalThis[Symbol.for('better-auth:global')]`. On Node 20 an enabled
 * AsyncLocalStorage is an async hook: from the first call on, it runs on every promise the process makes — every
 * request's, not only the ones better-auth handles — about a fifth of a cached public read's CPU
 * (docs/performance.md, change 10).
 *
 * `releasingAsyncContext` counts the calls into better-auth that are running and, when the last one has settled,
 * disables the three storages: with no storage enabled Node turns its hook off. The next call's `run` enables
 * them again. Nothing of better-auth is running at that moment, so no call loses its state (`disable` exits only
 * the contexts of the instance, and there are none); its background work is awaited unless
 * `advanced.backgroundTasks` is configured, which Resolved does not do.
 */

const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');
const STORAGES = ['requestStateAsyncStorage', 'endpointContextAsyncStorage', 'adapterAsyncStorage'] as const;

type TBetterAuthGlobal = { context?: Partial<Record<(typeof STORAGES)[number], { disable(): void }>> };

let running = 0;

function release() {
  const context = (globalThis as Record<symbol, TBetterAuthGlobal | undefined>)[BETTER_AUTH_GLOBAL]?.context;
  for (const name of STORAGES) context?.[name]?.disable();
}

/** Runs one call into better-auth, counted; the last one to settle turns the storages off. */
async function counted<T>(call: () => T): Promise<Awaited<T>> {
  running += 1;
  try {
    return await call();
  } finally {
    running -= 1;
    if (running === 0) release();
  }
}

/** How many calls into better-auth are running (for tests). */
export function authCallsRunning(): number {
  return running;
}

/**
 * The same auth instance, with `handler` (and its alias `fetch`) and every `api` endpoint counted. Only functions are wrapped (the
 * endpoints' own properties, such as `path`, read through); everything else is the instance's own.
 */
export function releasingAsyncContext<TAuth extends { handler: (request: Request) => Promise<Response>; api: object }>(
  auth: TAuth,
): TAuth {
  const wrapped = new WeakMap<object, unknown>();
  const api = new Proxy(auth.api, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      let wrapper = wrapped.get(value);
      if (!wrapper) {
        const endpoint = value as (...args: unknown[]) => unknown;
        wrapper = new Proxy(endpoint, {
          apply: (fn, self, args) => counted(() => Reflect.apply(fn, self, args)),
        });
        wrapped.set(value, wrapper);
      }
      return wrapper;
    },
  });
  const handler = (request: Request) => counted(() => auth.handler(request));
  return new Proxy(auth, {
    get(target, property, receiver) {
      if (property === 'api') return api;
      // `fetch` is better-auth's other name for the handler.
      if (property === 'handler' || property === 'fetch') return handler;
      return Reflect.get(target, property, receiver);
    },
  });
}
