import { type Random, WeightedTable } from './demo-random';

// The demo game's economy (issue 17): coins, the soft currency, earned by finishing levels and
// watching rewarded ads and spent on lives and boosters; gems, the hard currency, bought with real
// money (and a few from boss levels) and spent on skins and lives. Each change is one `resource`
// event with the player's balance after it (docs/product/metrics.md#game-events).

export type VirtualCurrency = 'coins' | 'gems';

/** A change to a balance, as the properties of its `resource` event. */
export interface ResourceChange {
  flow: 'source' | 'sink';
  virtual_currency: VirtualCurrency;
  amount: number;
  item_type: string;
  item_id: string;
  balance: number;
}

export interface Wallet {
  coins: number;
  gems: number;
}

/** What a new player starts with (no event: the game's starting grant). */
export const startingWallet = (): Wallet => ({ coins: 200, gems: 10 });

function change(wallet: Wallet, flow: ResourceChange['flow'], currency: VirtualCurrency, amount: number, itemType: string, itemId: string): ResourceChange {
  wallet[currency] += flow === 'source' ? amount : -amount;
  return { flow, virtual_currency: currency, amount, item_type: itemType, item_id: itemId, balance: wallet[currency] };
}

/** Coins for a completed level (more for later levels and more stars), and 5 gems for a boss level. */
export function levelRewards(wallet: Wallet, level: number, stars: number): ResourceChange[] {
  const coins = 20 + 2 * Math.min(level, 50) + 10 * stars;
  const rewards = [change(wallet, 'source', 'coins', coins, 'level_reward', `level_${level}`)];
  if (level % 10 === 0) rewards.push(change(wallet, 'source', 'gems', 5, 'level_reward', `level_${level}`));
  return rewards;
}

/** A rewarded ad pays coins. */
export function adReward(wallet: Wallet): ResourceChange {
  return change(wallet, 'source', 'coins', 50, 'ad_reward', 'rewarded_video');
}

/** Gems a real-money product gives; the season pass gives none (it unlocks rewards instead). */
const GEMS_OF_PRODUCT: Readonly<Record<string, number>> = {
  starter_pack: 300,
  gems_small: 100,
  gems_medium: 550,
  gems_large: 2500,
  gems_chest: 7000,
};

/** The gems a purchase of `productId` credits, if any. */
export function purchasedGems(wallet: Wallet, productId: string): ResourceChange | null {
  const gems = GEMS_OF_PRODUCT[productId];
  return gems === undefined ? null : change(wallet, 'source', 'gems', gems, 'purchase', productId);
}

const boosters = new WeightedTable([
  { id: 'hammer', price: 150, weight: 5 },
  { id: 'bomb', price: 250, weight: 3 },
  { id: 'rainbow', price: 400, weight: 1 },
]);

const skins = new WeightedTable([
  { id: 'skin_cat', price: 80, weight: 4 },
  { id: 'skin_robot', price: 150, weight: 3 },
  { id: 'skin_pirate', price: 300, weight: 2 },
  { id: 'skin_dragon', price: 800, weight: 1 },
]);

/** Before a hard level, a player with the coins sometimes buys a booster. */
export function buyBooster(wallet: Wallet, random: Random, failChance: number): ResourceChange | null {
  const booster = boosters.pick(random);
  if (wallet.coins < booster.price || !random.chance(0.25 * failChance)) return null;
  return change(wallet, 'sink', 'coins', booster.price, 'boosters', booster.id);
}

/** After a fail, refilling lives: with coins when they have enough, else with gems, else not at all. */
export function buyLives(wallet: Wallet, random: Random): ResourceChange | null {
  if (!random.chance(0.2)) return null;
  if (wallet.coins >= 300) return change(wallet, 'sink', 'coins', 300, 'lives', 'lives_5');
  if (wallet.gems >= 20) return change(wallet, 'sink', 'gems', 20, 'lives', 'lives_5');
  return null;
}

/** In the store, a skin the player can afford with gems, sometimes. */
export function buySkin(wallet: Wallet, random: Random): ResourceChange | null {
  const skin = skins.pick(random);
  if (wallet.gems < skin.price || !random.chance(0.5)) return null;
  return change(wallet, 'sink', 'gems', skin.price, 'skins', skin.id);
}
