// Issue 15: one table of worked cases (a published configuration, a moment, players and exactly what
// each gets) run by the shared evaluation's tests, the SDK's tests and the server's delivery test, so
// the three agree. The values are written out by hand from the rules, not computed.
import type { LiveConfigSnapshot, PlayerContext } from './live-config';

export interface LiveCasePlayer {
  player: PlayerContext;
  values: Record<string, unknown>;
}

export interface LiveCase {
  name: string;
  /** Already in the form the schema gives back (liveConfigSnapshotSchema.parse leaves it unchanged). */
  snapshot: LiveConfigSnapshot;
  /** The server's clock, UTC. */
  at: string;
  players: LiveCasePlayer[];
}

const layout = { rows: 2, featured: ['gems_500'] };
const compactLayout = { rows: 3, featured: [] };

export const liveCaseSnapshot: LiveConfigSnapshot = {
  keys: [
    {
      name: 'shop.discount',
      type: 'number',
      defaultValue: 0,
      description: 'Share taken off every shop price',
      rules: [
        { id: 'discount-vip', conditions: [{ kind: 'property', name: 'vip', operator: 'eq', value: true }], rollout: null, value: 0.5 },
        {
          id: 'discount-ios-de',
          conditions: [{ kind: 'platform', values: ['ios'] }, { kind: 'country', values: ['DE', 'AT'] }],
          rollout: null,
          value: 0.2,
        },
        { id: 'discount-v2', conditions: [{ kind: 'app_version', range: '>=2.0.0 <3.0.0' }], rollout: null, value: 0.1 },
        // player-1 (bucket 2229) and installer (2155) are in, player-3 (6543) and nightly (8304) are not.
        { id: 'discount-half', conditions: [], rollout: { percentage: 50, salt: 'discount-rollout' }, value: 0.05 },
      ],
    },
    {
      name: 'shop.banner',
      type: 'string',
      defaultValue: 'Welcome',
      description: '',
      rules: [
        { id: 'banner-veteran', conditions: [{ kind: 'property', name: 'level', operator: 'gte', value: 10 }], rollout: null, value: 'Veteran offer' },
        { id: 'banner-gold', conditions: [{ kind: 'property', name: 'tier', operator: 'in', value: ['gold', 'platinum'] }], rollout: null, value: 'Gold offer' },
        { id: 'banner-bot', conditions: [{ kind: 'property', name: 'nickname', operator: 'contains', value: 'bot' }], rollout: null, value: 'Hello, bot' },
        { id: 'banner-abroad', conditions: [{ kind: 'property', name: 'region', operator: 'ne', value: 'eu' }], rollout: null, value: 'Outside the EU' },
      ],
    },
    {
      name: 'onboarding.enabled',
      type: 'boolean',
      defaultValue: true,
      description: 'The tutorial for new players',
      rules: [{ id: 'onboarding-q1', conditions: [{ kind: 'install_date', from: '2026-01-01', to: '2026-03-31' }], rollout: null, value: false }],
    },
    {
      name: 'store.layout',
      type: 'json',
      defaultValue: layout,
      description: '',
      rules: [{ id: 'layout-old-clients', conditions: [{ kind: 'app_version', range: '1.2.0 - 1.4.x' }], rollout: null, value: compactLayout }],
    },
    {
      name: 'release.channel',
      type: 'string',
      defaultValue: 'stable',
      description: '',
      rules: [{ id: 'channel-beta', conditions: [{ kind: 'app_version', range: '>=2.1.0-0 <2.1.0' }], rollout: null, value: 'beta' }],
    },
  ],
  events: [
    {
      id: 'halloween',
      name: 'Halloween',
      startsAt: '2026-10-30T00:00:00Z',
      endsAt: '2026-11-02T00:00:00Z',
      conditions: [],
      overrides: [{ key: 'shop.discount', value: 0.3 }, { key: 'shop.banner', value: 'Happy Halloween' }],
    },
    {
      id: 'halloween-ios',
      name: 'Halloween night on iOS',
      startsAt: '2026-10-31T00:00:00Z',
      endsAt: '2026-11-01T00:00:00Z',
      conditions: [{ kind: 'platform', values: ['ios'] }],
      overrides: [{ key: 'shop.discount', value: 0.4 }],
    },
    // Two events starting together: the smaller id wins.
    { id: 'xmas-b', name: 'Christmas B', startsAt: '2026-12-24T00:00:00Z', endsAt: '2026-12-26T00:00:00Z', conditions: [], overrides: [{ key: 'release.channel', value: 'xmas-b' }] },
    { id: 'xmas-a', name: 'Christmas A', startsAt: '2026-12-24T00:00:00Z', endsAt: '2026-12-26T00:00:00Z', conditions: [], overrides: [{ key: 'release.channel', value: 'xmas-a' }] },
  ],
};

/** The players of every case, by what they show. */
export const liveCasePlayers = {
  vip: { userId: 'vip-1', platform: 'ios', country: 'DE', properties: { vip: true, level: 12 } },
  iosGermany: { userId: 'ios-de', platform: 'iOS', country: 'de', appVersion: '2.5.0' },
  version2: { userId: 'android-2', platform: 'android', appVersion: '2.0.0', properties: { tier: 'gold', region: 'eu' } },
  inRollout: { userId: 'player-1', platform: 'web', appVersion: '1.3.7' },
  outOfRollout: { userId: 'player-3', platform: 'web', appVersion: '1.5.0', properties: { nickname: 'robot-7', region: 'na' } },
  // 23:30 at UTC-2 on 31 December is 1 January in UTC.
  installer: { userId: 'installer', properties: { install_date: '2025-12-31T23:30:00-02:00', level: '12' } },
  nightly: { userId: 'nightly', appVersion: 'nightly', properties: { install_date: '2025-12-31', vip: 'true' } },
  betaTester: { userId: 'beta-tester', platform: 'android', appVersion: '2.1.0-beta.3' },
} satisfies Record<string, PlayerContext>;

type PlayerName = keyof typeof liveCasePlayers;

/** What each player gets when no live event is on. */
const everyday: Record<PlayerName, Record<string, unknown>> = {
  vip: { 'shop.discount': 0.5, 'shop.banner': 'Veteran offer', 'onboarding.enabled': true, 'store.layout': layout, 'release.channel': 'stable' },
  iosGermany: { 'shop.discount': 0.2, 'shop.banner': 'Welcome', 'onboarding.enabled': true, 'store.layout': layout, 'release.channel': 'stable' },
  version2: { 'shop.discount': 0.1, 'shop.banner': 'Gold offer', 'onboarding.enabled': true, 'store.layout': layout, 'release.channel': 'stable' },
  inRollout: { 'shop.discount': 0.05, 'shop.banner': 'Welcome', 'onboarding.enabled': true, 'store.layout': compactLayout, 'release.channel': 'stable' },
  outOfRollout: { 'shop.discount': 0, 'shop.banner': 'Hello, bot', 'onboarding.enabled': true, 'store.layout': layout, 'release.channel': 'stable' },
  installer: { 'shop.discount': 0.05, 'shop.banner': 'Welcome', 'onboarding.enabled': false, 'store.layout': layout, 'release.channel': 'stable' },
  nightly: { 'shop.discount': 0, 'shop.banner': 'Welcome', 'onboarding.enabled': true, 'store.layout': layout, 'release.channel': 'stable' },
  betaTester: { 'shop.discount': 0.1, 'shop.banner': 'Welcome', 'onboarding.enabled': true, 'store.layout': layout, 'release.channel': 'beta' },
};

function at(name: string, time: string, changes: (player: PlayerName) => Record<string, unknown>): LiveCase {
  const names = Object.keys(liveCasePlayers) as PlayerName[];
  return {
    name,
    snapshot: liveCaseSnapshot,
    at: time,
    players: names.map((player) => ({ player: liveCasePlayers[player], values: { ...everyday[player], ...changes(player) } })),
  };
}

const halloween = { 'shop.discount': 0.3, 'shop.banner': 'Happy Halloween' };
const onIos = (player: PlayerName) => player === 'vip' || player === 'iosGermany';

export const liveCases: LiveCase[] = [
  at('a day without events: rules in order, then the default', '2026-06-01T12:00:00Z', () => ({})),
  at('the last millisecond before Halloween', '2026-10-29T23:59:59.999Z', () => ({})),
  at('Halloween from its first millisecond (start inclusive)', '2026-10-30T00:00:00.000Z', () => halloween),
  at('Halloween night: the later iOS event wins for iOS players', '2026-10-31T12:00:00Z', (player) =>
    onIos(player) ? { ...halloween, 'shop.discount': 0.4 } : halloween,
  ),
  at('the iOS event has ended (end exclusive), Halloween goes on', '2026-11-01T00:00:00.000Z', () => halloween),
  at('the last millisecond of Halloween', '2026-11-01T23:59:59.999Z', () => halloween),
  at('Halloween is over at its end (end exclusive)', '2026-11-02T00:00:00.000Z', () => ({})),
  at('two events starting together: the smaller id wins', '2026-12-25T00:00:00Z', () => ({ 'release.channel': 'xmas-a' })),
];
