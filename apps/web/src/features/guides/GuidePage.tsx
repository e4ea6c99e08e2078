import type { TFormatId } from '@resolved/shared';
export default function GuidePage({ formatId }: { formatId: TFormatId }) {
  return <h1>Guide {formatId} (in progress)</h1>;
}
