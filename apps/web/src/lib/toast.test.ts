import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToast, type TToastHost, type TToastKind } from './toast';

/** A host whose load the test settles by hand, recording what it is asked to show. */
function deferredHost() {
  const shown: [TToastKind, string][] = [];
  const host: TToastHost = { show: (kind, message) => shown.push([kind, message]) };
  const loads: { resolve: (host: TToastHost) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<TToastHost>((resolve, reject) => {
        loads.push({ resolve, reject });
      }),
  );
  return { shown, host, loads, load };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createToast', () => {
  it('shows toasts asked for before the container has loaded once it has, in order, loading it once', async () => {
    const { shown, host, loads, load } = deferredHost();
    const toast = createToast(load);
    toast.warn('Please enter email and password');
    toast.error('Incorrect password.');
    await settle();
    expect(shown).toEqual([]);
    loads[0]!.resolve(host);
    await settle();
    toast.success('Account created successfully!');
    toast.info('Account already exists. Logging you in...');
    await settle();
    expect(shown).toEqual([
      ['warn', 'Please enter email and password'],
      ['error', 'Incorrect password.'],
      ['success', 'Account created successfully!'],
      ['info', 'Account already exists. Logging you in...'],
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reports a toast whose container could not load, and loads it again for the next toast', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { shown, host, loads, load } = deferredHost();
    const toast = createToast(load);
    toast.error('Login failed. Please try again.');
    loads[0]!.reject(new Error('offline'));
    await settle();
    expect(shown).toEqual([]);
    expect(errors).toHaveBeenCalledWith(
      'Could not show the toast "Login failed. Please try again."',
      expect.objectContaining({ message: 'offline' }),
    );
    toast.error('Incorrect password.');
    loads[1]!.resolve(host);
    await settle();
    expect(shown).toEqual([['error', 'Incorrect password.']]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloads the container for the first toast, and leaves a failed preload to that toast', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { shown, host, loads, load } = deferredHost();
    const toast = createToast(load);
    const failed = toast.preload();
    loads[0]!.reject(new Error('offline'));
    await expect(failed).resolves.toBeUndefined();
    expect(errors).not.toHaveBeenCalled();

    const preloaded = toast.preload();
    loads[1]!.resolve(host);
    await preloaded;
    toast.success('Ballot submitted.');
    await settle();
    expect(shown).toEqual([['success', 'Ballot submitted.']]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
