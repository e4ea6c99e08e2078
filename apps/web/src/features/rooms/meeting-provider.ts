import { parseHttpUrl } from '@resolved/shared';

/** The meeting services Resolved recognises by a link's host name. */
export type TMeetingProvider = 'zoom' | 'google-meet' | 'microsoft-teams' | 'jitsi' | 'other';

interface TProviderRule {
  provider: Exclude<TMeetingProvider, 'other'>;
  /** The service's name as its users know it; the join label is "Click to join <name>". */
  name: string;
  /** Host names that belong to the service; subdomains count (`us02web.zoom.us`). */
  hosts: readonly string[];
}

const RULES: readonly TProviderRule[] = [
  { provider: 'zoom', name: 'Zoom Meeting', hosts: ['zoom.us', 'zoom.com', 'zoomgov.com'] },
  { provider: 'google-meet', name: 'Google Meet', hosts: ['meet.google.com'] },
  {
    provider: 'microsoft-teams',
    name: 'Microsoft Teams',
    hosts: ['teams.microsoft.com', 'teams.live.com', 'teams.microsoft.us'],
  },
  { provider: 'jitsi', name: 'Jitsi Meet', hosts: ['meet.jit.si', '8x8.vc'] },
];

export interface TMeetingLinkInfo {
  provider: TMeetingProvider;
  /** What the room card says: "Click to join Zoom Meeting", "Click to join Google Meet", … */
  label: string;
  /** The host the link really goes to, shown beside the label so nobody is surprised. */
  host: string;
}

function matchesHost(hostname: string, host: string): boolean {
  return hostname === host || hostname.endsWith(`.${host}`);
}

/**
 * How to label a room's link. Known services get their name; any other http(s) link gets the neutral
 * "Click to join meeting" rather than claiming to be Zoom (spec §2 labels every fixed room as Zoom, and
 * the fixed rooms' default links are Zoom links, so they keep the spec's label).
 */
export function describeMeetingLink(link: string): TMeetingLinkInfo {
  const url = parseHttpUrl(link);
  const hostname = url?.hostname.toLowerCase().replace(/\.$/, '') ?? '';
  const rule = RULES.find((r) => r.hosts.some((host) => matchesHost(hostname, host)));
  if (rule) return { provider: rule.provider, label: `Click to join ${rule.name}`, host: hostname };
  return { provider: 'other', label: 'Click to join meeting', host: hostname };
}
