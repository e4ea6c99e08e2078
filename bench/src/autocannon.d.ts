/** The part of autocannon's programmatic API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface TRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
  }
  interface TOptions {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: TRequest[];
  }
  interface TResult {
    latency: { p50: number; p90: number; p99: number; average: number; max: number };
    requests: { average: number; total: number };
    throughput: { average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: TOptions): Promise<TResult>;
  export default autocannon;
}
