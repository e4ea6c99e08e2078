import { useEffect, useState, useSyncExternalStore } from 'react';
import { QualitySampler, type TConnectionOf, type TQualitySnapshot } from './quality-sampler';

/**
 * The quality of each listed person's connection (`QualitySampler`), sampled every two seconds while the component is
 * shown. `connectionOf` gives the connection carrying that person's media (the mesh's, or a media server's feed).
 */
export function useCallQuality(connectionOf: TConnectionOf, userIds: string[]): TQualitySnapshot {
  const [sampler] = useState(() => new QualitySampler(connectionOf));
  const key = userIds.join(',');
  useEffect(() => {
    sampler.watch(key ? key.split(',') : [], connectionOf);
  }, [sampler, key, connectionOf]);
  return useSyncExternalStore(sampler.subscribe, sampler.getSnapshot);
}
