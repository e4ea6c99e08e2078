import type { TSection } from './report';

export interface TBenchContext {
  isQuick: boolean;
  /** PostgreSQL server for the PostgreSQL variants (a database is created per run and dropped). */
  postgresUrl: string | undefined;
  log: (message: string) => void;
}

export type TBenchResult = Pick<TSection, 'setup' | 'figures' | 'notes'>;
