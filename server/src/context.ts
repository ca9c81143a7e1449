import type { Config } from './config';
import type { Db } from './db/types';
import type { Adapters } from './adapters';
import type { Clock } from './clock';

/** What handlers and domain modules are given: no globals, so two app instances never share state. */
export interface AppContext {
  config: Config;
  db: Db;
  adapters: Adapters;
  /** Every rule's time (clock.ts): never `new Date()` where a rule reads the time. */
  clock: Clock;
}
