/**
 * The server's import rules (`npm run lint` runs this through `depcruise`). Features stand in ranks: a service,
 * repository or other non-wiring file of a feature imports only lower-ranked features. What must reach upward is a
 * workflow in `apps/server/src/workflows/`, called only by the wiring: routes, sockets and modules. Docs:
 * docs/ARCHITECTURE.md.
 */
const SERVER = '^apps/server/src/';

/** Lower first. Features on one line share a rank and do not import each other. */
const RANKS = [
  ['mail', 'topics', 'motions', 'rooms', 'help', 'playban', 'health'],
  ['users'],
  ['blocks'],
  ['memberships'],
  ['chat'],
  ['debates'],
  ['sfu'],
  ['flows'],
  ['evidence'],
  ['recordings'],
  ['results'],
  ['matchmaking'],
  ['teams'],
  ['moderation'],
  ['auth'],
  ['admin'],
];

/** Files that wire a feature (routes, sockets, its module) rank above every feature and every workflow. */
const WIRING = '\\.(routes|socket|module)\\.ts$';
const TESTS = '\\.test\\.ts$|/test/|/fixtures/';

const rankRules = RANKS.flatMap((features, rank) => {
  const higher = RANKS.slice(rank).flat();
  return features.map((feature) => ({
    name: `rank-${feature}`,
    comment: `${feature} imports only features ranked below it (.dependency-cruiser.cjs RANKS); reach upward through a workflow`,
    severity: 'error',
    from: { path: `${SERVER}features/${feature}/`, pathNot: `${WIRING}|${TESTS}` },
    to: {
      path: `${SERVER}(features/(${higher.filter((f) => f !== feature).join('|')})/|workflows/)`,
      dependencyTypesNot: ['type-only'],
    },
  }));
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A value import cycle in the server: break it by moving the shared part down or into a workflow',
      severity: 'error',
      from: { path: SERVER },
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    ...rankRules,
    {
      name: 'infrastructure-below-features',
      comment: 'lib/, db/, realtime/ and the context know no feature',
      severity: 'error',
      from: { path: `${SERVER}(lib|db|realtime)/`, pathNot: TESTS },
      to: { path: `${SERVER}(features|workflows)/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'own-repository-only',
      comment: "A repository is imported only by its own feature: call the other feature's service instead",
      severity: 'error',
      from: { path: `${SERVER}features/([^/]+)/`, pathNot: TESTS },
      to: { path: `${SERVER}features/[^/]+/[^/]*\\.repository\\.ts$`, pathNot: `${SERVER}features/$1/` },
    },
    {
      name: 'no-repository-outside-features',
      comment: 'Workflows and infrastructure reach data through services, never a repository',
      severity: 'error',
      from: { path: `${SERVER}(workflows|lib|db|realtime)/`, pathNot: TESTS },
      to: { path: `${SERVER}features/[^/]+/[^/]*\\.repository\\.ts$` },
    },
    {
      name: 'workflows-from-wiring-only',
      comment: 'Workflows are called by routes, sockets, modules and jobs, and by other workflows',
      severity: 'error',
      from: { path: `${SERVER}features/`, pathNot: `${WIRING}|${TESTS}` },
      to: { path: `${SERVER}workflows/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|dist' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
