import { Delivery, type DeliveryQueue } from './delivery';
import {
  EVENT_NAME_MAX_LENGTH,
  PRODUCT_ID_MAX_LENGTH,
  USER_ID_MAX_LENGTH,
  cleanProperties,
  currencyProblem,
  revenueProblem,
  textProblem,
} from './event-rules';
import { gameEvents, inertGameEvents, type Economy, type Progression } from './game-events';
import { randomId } from './ids';
import { resolveOptions, type ClientConfig, type QuestboardOptions } from './options';
import { readPersistedState } from './persisted-state';
import { Persister, describe } from './persister';
import { RemoteConfig, type ConfigListener } from './remote-config';
import { continueSession } from './session';
import type { EventProperties, IngestEvent, Logger, PersistedState, QuestboardStorage } from './types';

export interface Purchase {
  /** The store's product id (1 to 128 characters). */
  productId: string;
  /** What the player paid, in `currency` (0 to 1,000,000). */
  amount: number;
  /** Three-letter ISO 4217 code, like `USD`. */
  currency: string;
  properties?: EventProperties;
}

export interface Questboard {
  /** Attributes the following events to this player (1 to 256 characters); until then, a random id kept in storage. */
  identify(userId: string): void;
  /** Queues an event: a name of 1 to 128 characters and flat properties. */
  track(name: string, properties?: EventProperties): void;
  /** Queues a `purchase` event carrying revenue_amount, currency and product_id. */
  purchase(purchase: Purchase): void;
  /** level_start, level_complete and level_fail with their level (game-events.ts). */
  readonly progression: Progression;
  /** resource events: a virtual currency gained (source) or spent (sink), with the balance after it. */
  readonly economy: Economy;
  /** Sends everything queued now; resolves when it is delivered or a request failed (events stay queued). Never rejects. */
  flush(): Promise<void>;
  /** Flushes, then stops the timers and listeners; later events are ignored. Never rejects. */
  shutdown(): Promise<void>;
  /**
   * The live config's value of `key` for this player, at once from memory: the last values fetched
   * (kept in storage), else `fallback`. Also `fallback` when the value's JSON type is not the fallback's.
   */
  getConfig<T>(key: string, fallback: T): T;
  /** Calls `listener` with all values each time a fetch brings different ones; answers the function that unsubscribes. */
  onConfigUpdated(listener: ConfigListener): () => void;
  /** Player properties sent with the next live-config fetches (flat, like event properties), for rules on them. */
  setPlayerProperties(properties: EventProperties): void;
  /** Fetches the live config now (unless the `remoteConfig` option is false). Resolves when done; never rejects. */
  refreshConfig(): Promise<void>;
  /**
   * The player's variant in each running experiment they are in, from the last live config fetched.
   * Reading (getConfig) a key an experiment controls sends its `experiment_exposure` event, once per player.
   */
  getExperiments(): { key: string; variant: string }[];
}

/** What differs between the browser and Node. */
export interface Platform {
  storage: QuestboardStorage;
  /** Calls `onHide` when the page is hidden or left; answers the function that stops listening. */
  watchPageHide?: (onHide: () => void) => () => void;
}

/**
 * The SDK. Nothing it does may crash the game: every public call catches, warns through the logger
 * and carries on, and options it cannot work with give a client that does nothing.
 */
export function createClient(
  options: QuestboardOptions,
  platform: (options: QuestboardOptions) => Platform,
): Questboard {
  let warn: (message: string) => void = () => undefined;
  try {
    warn = warner(options.logger);
    const config = resolveOptions(options, warn);
    return config === undefined ? inertClient : startClient(config, platform(options), warn);
  } catch (error) {
    warn(`could not start (${describe(error)}); nothing will be sent`);
    return inertClient;
  }
}

const inertClient: Questboard = {
  identify: () => undefined,
  track: () => undefined,
  purchase: () => undefined,
  ...inertGameEvents,
  flush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
  getConfig: (_key, fallback) => fallback,
  onConfigUpdated: () => () => undefined,
  setPlayerProperties: () => undefined,
  refreshConfig: () => Promise.resolve(),
  getExperiments: () => [],
};

function warner(logger: Logger | undefined): (message: string) => void {
  return (message) => {
    try {
      logger?.warn(`Questboard: ${message}`);
    } catch {
      // a broken logger must not break the game either
    }
  };
}

function startClient(config: ClientConfig, platform: Platform, warn: (message: string) => void): Questboard {
  const loaded = loadState(platform.storage, warn);
  const state: PersistedState = loaded ?? { version: 1, anonymousId: randomId(), queue: [] };
  const persister = new Persister(platform.storage, () => ({ ...state, queue: [...state.queue] }), warn);
  let overflowing = false;
  let closed = false;
  let shuttingDown: Promise<void> | undefined;

  const trimToCap = () => {
    const excess = state.queue.length - config.maxQueueSize;
    if (excess <= 0) return;
    state.queue.splice(0, excess);
    if (!overflowing) warn(`the queue is full (${config.maxQueueSize} events): the oldest events are being dropped`);
    overflowing = true;
  };
  const queue: DeliveryQueue = {
    get events() {
      return state.queue;
    },
    remove(insertIds) {
      state.queue = state.queue.filter((event) => !insertIds.has(event.insert_id));
      if (state.queue.length < config.maxQueueSize) overflowing = false;
      persister.markDirty();
    },
  };
  const delivery = new Delivery(config, queue, warn);
  const remote = new RemoteConfig(
    { ...config, url: config.liveUrl, refreshMs: config.configRefreshMs },
    {
      state,
      playerId: () => state.userId ?? state.anonymousId,
      markDirty: () => persister.markDirty(),
      warn,
      // After shutdown nothing is queued, and the exposure is not remembered: the next run sends it.
      track: (name, properties) => {
        if (closed) return false;
        record(name, { properties });
        return true;
      },
    },
  );

  const guard = (call: string, action: () => void) => {
    try {
      action();
    } catch (error) {
      warn(`${call} failed (${describe(error)}); the game goes on`);
    }
  };

  const record = (name: string, fields: Partial<IngestEvent>) => {
    if (closed) {
      warn(`"${name}" came after shutdown(); it is ignored`);
      return;
    }
    const now = config.now();
    const timestamp = new Date(now).toISOString();
    const { session, started } = continueSession(state.session, now, config.sessionTimeoutMs, randomId);
    state.session = session;
    const event = (eventName: string, extra: Partial<IngestEvent>): IngestEvent => ({
      insert_id: randomId(),
      name: eventName,
      user_id: state.userId ?? state.anonymousId,
      timestamp,
      session_id: session.id,
      ...config.context,
      ...extra,
    });
    if (started) state.queue.push(event('session_start', {}));
    state.queue.push(event(name, fields));
    trimToCap();
    persister.markDirty();
    if (state.queue.length >= config.maxBatchSize) delivery.kick();
  };

  let tick: unknown;
  const scheduleTick = () => {
    tick = config.timers.setTimeout(() => {
      guard('sending on the interval', () => delivery.kick());
      if (!closed) scheduleTick();
    }, config.flushIntervalMs);
  };
  scheduleTick();
  const stopWatching = platform.watchPageHide?.(() => {
    guard('sending on page hide', () => {
      persister.saveNow();
      delivery.sendOnPageHide();
    });
  });

  if (loaded === undefined) persister.markDirty(); // keep the new anonymous id
  trimToCap();
  delivery.kick(); // what an earlier run left behind
  if (config.remoteConfig) void remote.refresh();

  const trackChecked = (name: string, properties: EventProperties) => {
    const cleaned = cleanProperties(properties);
    for (const message of cleaned.problems) warn(`${name}: ${message}`);
    record(name, cleaned.properties === undefined ? {} : { properties: cleaned.properties });
  };

  return {
    ...gameEvents(trackChecked, warn),
    identify(userId) {
      guard('identify', () => {
        const problem = textProblem('user_id', userId, USER_ID_MAX_LENGTH);
        if (problem !== undefined) {
          warn(`identify: ${problem}; the player's id is unchanged`);
          return;
        }
        if (userId === (state.userId ?? state.anonymousId)) return;
        state.userId = userId;
        state.session = undefined; // a session belongs to one player: the next event starts a new one
        persister.markDirty();
        if (config.remoteConfig && !closed) void remote.refresh(); // the values are this player's
      });
    },
    track(name, properties) {
      guard('track', () => {
        const problem = textProblem('name', name, EVENT_NAME_MAX_LENGTH);
        if (problem !== undefined) {
          warn(`track: ${problem}; the event is dropped`);
          return;
        }
        const cleaned = cleanProperties(properties);
        for (const message of cleaned.problems) warn(`track("${name}"): ${message}`);
        record(name, cleaned.properties === undefined ? {} : { properties: cleaned.properties });
      });
    },
    purchase(purchase) {
      guard('purchase', () => {
        const { productId, amount, currency, properties } = (purchase as Partial<Purchase> | undefined) ?? {};
        const problem =
          textProblem('product_id', productId, PRODUCT_ID_MAX_LENGTH) ??
          revenueProblem(amount) ??
          currencyProblem(currency);
        if (
          problem !== undefined ||
          typeof currency !== 'string' ||
          typeof amount !== 'number' ||
          typeof productId !== 'string'
        ) {
          warn(`purchase: ${problem ?? 'invalid purchase'}; the purchase is dropped`);
          return;
        }
        const cleaned = cleanProperties(properties);
        for (const message of cleaned.problems) warn(`purchase: ${message}`);
        record('purchase', {
          ...(cleaned.properties === undefined ? {} : { properties: cleaned.properties }),
          revenue_amount: amount,
          currency: currency.toUpperCase(),
          product_id: productId,
        });
      });
    },
    async flush() {
      try {
        await delivery.flush();
        await persister.settled();
      } catch (error) {
        warn(`flush failed (${describe(error)})`);
      }
    },
    shutdown() {
      shuttingDown ??= (async () => {
        closed = true;
        remote.stop();
        config.timers.clearTimeout(tick);
        stopWatching?.();
        await delivery.flush();
        delivery.stop();
        await persister.settled();
      })().catch((error: unknown) => warn(`shutdown failed (${describe(error)})`));
      return shuttingDown;
    },
    getConfig(key, fallback) {
      try {
        return remote.get(key, fallback);
      } catch (error) {
        warn(`getConfig failed (${describe(error)}); the fallback is used`);
        return fallback;
      }
    },
    onConfigUpdated(listener) {
      try {
        return remote.subscribe(listener);
      } catch (error) {
        warn(`onConfigUpdated failed (${describe(error)})`);
        return () => undefined;
      }
    },
    setPlayerProperties(properties) {
      guard('setPlayerProperties', () => {
        const cleaned = cleanProperties(properties);
        for (const message of cleaned.problems) warn(`setPlayerProperties: ${message}`);
        remote.setProperties(cleaned.properties);
      });
    },
    getExperiments() {
      try {
        return remote.experiments();
      } catch (error) {
        warn(`getExperiments failed (${describe(error)})`);
        return [];
      }
    },
    async refreshConfig() {
      try {
        if (!closed && config.remoteConfig) await remote.refresh();
      } catch (error) {
        warn(`refreshConfig failed (${describe(error)})`);
      }
    },
  };
}

function loadState(storage: QuestboardStorage, warn: (message: string) => void): PersistedState | undefined {
  try {
    const raw = storage.load();
    const state = readPersistedState(raw);
    if (raw !== undefined && state === undefined) warn('the saved state could not be used; starting afresh');
    return state;
  } catch (error) {
    warn(`could not read the saved state (${describe(error)}); starting afresh`);
    return undefined;
  }
}
