import type { ProviderFaults } from '../../adapters/providerClient';

export type { ProviderFaults };

export const NO_FAULTS: ProviderFaults = {
  down: false,
  latencyMs: 0,
  errorPercent: 0,
  timeoutPercent: 0,
  duplicatePercent: 0,
};

/** mulberry32: a tiny seeded generator, so fault percentages are repeatable run to run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The faults switched on for each sandbox provider, held in the memory of the server instance that answers
 * (never in the database: a fault is a property of one provider endpoint, and a restart clears it).
 */
export class FaultSwitches {
  private readonly byProvider = new Map<string, ProviderFaults>();
  private readonly random: () => number;

  constructor(seed: number) {
    this.random = seeded(seed);
  }

  get(provider: string): ProviderFaults {
    return this.byProvider.get(provider) ?? NO_FAULTS;
  }

  set(provider: string, faults: ProviderFaults): ProviderFaults {
    this.byProvider.set(provider, { ...faults });
    return this.get(provider);
  }

  /** One roll against a percentage: 0 never, 100 always. */
  roll(percent: number): boolean {
    if (percent <= 0) return false;
    if (percent >= 100) return true;
    return this.random() * 100 < percent;
  }
}

/** One FaultSwitches per app context: two apps in one process (tests, scale-out) never share faults. */
const switches = new WeakMap<object, FaultSwitches>();

export function faultSwitches(owner: object, seed: number): FaultSwitches {
  let found = switches.get(owner);
  if (!found) {
    found = new FaultSwitches(seed);
    switches.set(owner, found);
  }
  return found;
}
