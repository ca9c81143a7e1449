/**
 * The code a player reads and tells support for one promotion usage: the first eight hex digits of its id,
 * upper case, in two groups of four ('3f2a9c1d-…' → '3F2A-9C1D'). Short enough to read out; support finds
 * the usage by that prefix of its id among the player's few usages.
 */
export function usageCode(usageId: string): string {
  const hex = usageId.replace(/-/g, '').slice(0, 8).toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}
