/** An answer as a store gives it: the route adds which buckets are incomplete (buckets.ts). */
export type StoreAnswer<T> = Omit<T, 'incomplete'>;
