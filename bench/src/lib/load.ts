/** HTTP load with autocannon, bounded in connections and time, against 127.0.0.1 only. */
import autocannon from 'autocannon';
import { cpuMs } from './server';

export interface TLoadResult {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  /** Requests that failed or did not answer 2xx. */
  failures: number;
  total: number;
  /** Server CPU time per request (when the server's pid is given): what a request costs, whatever the machine's load. */
  cpuMsPerRequest: number;
}

export async function load(options: {
  url: string;
  path: string;
  connections: number;
  seconds: number;
  /** Rotated per request (e.g. one cookie per signed-in user). */
  headers?: () => Record<string, string>;
  /** The server process, to charge its CPU time to the requests. */
  pid?: number;
}): Promise<TLoadResult> {
  const url = new URL(options.path, options.url);
  if (url.hostname !== '127.0.0.1') throw new Error(`load goes to 127.0.0.1 only, not ${url.hostname}`);
  const cpuBefore = options.pid ? cpuMs(options.pid) : Number.NaN;
  const result = await autocannon({
    url: url.toString(),
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        path: url.pathname + url.search,
        ...(options.headers
          ? { setupRequest: (req: Record<string, unknown>) => ({ ...req, headers: options.headers!() }) }
          : {}),
      },
    ],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    failures: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
    cpuMsPerRequest: options.pid ? (cpuMs(options.pid) - cpuBefore) / result.requests.total : Number.NaN,
  };
}
