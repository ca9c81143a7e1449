// ESLint rule `house/server-rooms`: the server's floors as allow-lists. Every folder of server/src (and every
// single module at its top) is a room, and each room names the rooms it may import; anything else is refused,
// a room nobody listed included. A new room, or a new way down, is one line here, in review's sight.
//
// The domain's rooms stand in one order, each over the ones before it: what two areas both need lives in the
// lower one (docs/architecture.md#rooms). The web app's floors are in eslint.config.mjs.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'server/src');

/** What every server module may use: plain rules, settings and the site's wiring, none of which imports up. */
const GROUND = ['errors', 'paths', 'config', 'log', 'crashPoints', 'clock', 'db', 'adapters', 'context'];

/** The domain's areas, lowest first: each may import the ones before it (and the ground), never after. */
export const DOMAIN_ORDER = [
  'ledger', // the books: accounts, transfers, references, orders, the outbox, the audit chain, the runner
  'players', // who plays: accounts, sessions, bank accounts, the agency's terms, play time
  'protection', // limits, time-outs, exclusions and the checks every money move asks
  'games', // the providers' catalogues, launches and wallets as the site reads them
  'promotions', // promotion terms, claims, usages and their turnover
  'rewards', // cashback, check-ins, referrals and the turnover of what they credit
  'money', // deposits, withdrawals, payouts, returns, moves of credit, the outbox's delivery
  'staff', // staff accounts and sessions, the back office's reads and actions
  'operations', // the keyed money operations: each a row of the runner's table, composing all of the above
];

const domainRooms = Object.fromEntries(
  DOMAIN_ORDER.map((area, i) => [
    `domain/${area}`,
    [...GROUND, ...DOMAIN_ORDER.slice(0, i).map((lower) => `domain/${lower}`)],
  ]),
);
const ALL_DOMAIN = DOMAIN_ORDER.map((area) => `domain/${area}`);

/** Room -> the rooms it may import. */
export const SERVER_ROOMS = {
  errors: [],
  paths: [],
  crashPoints: [],
  config: ['paths'],
  log: ['config'],
  db: ['config', 'paths', 'errors', 'log', 'crashPoints'],
  clock: ['db'],
  adapters: ['config', 'db', 'errors', 'log', 'paths', 'crashPoints'],
  context: ['adapters', 'clock', 'config', 'db', 'log'],
  runningSites: ['db', 'paths'],
  sandboxSecrets: ['config', 'db'],
  ...domainRooms,
  // The contract binder validates requests; the site's session check is handed to it (app.ts).
  contract: [...GROUND],
  // The jobs the server runs on a timer: each delivers through the money area's operations.
  periodic: [...GROUND],
  outboxWorker: [...GROUND, 'periodic', ...ALL_DOMAIN],
  reconciler: [...GROUND, 'periodic', ...ALL_DOMAIN],
  // The sandbox's providers and bank play for the site from outside; sandbox/site.ts is their one door
  // (its own rule in eslint.config.mjs).
  sandbox: [...GROUND, 'http', ...ALL_DOMAIN],
  http: [...GROUND, 'contract', 'reconciler', 'sandbox', ...ALL_DOMAIN],
  ops: [...GROUND, 'runningSites', 'sandbox', 'sandboxSecrets', ...ALL_DOMAIN],
  app: [...GROUND, 'contract', 'http', 'sandbox', ...ALL_DOMAIN],
  main: [
    ...GROUND,
    'app',
    'ops',
    'outboxWorker',
    'periodic',
    'reconciler',
    'runningSites',
    'sandboxSecrets',
    ...ALL_DOMAIN,
  ],
};

/** The room of a file under server/src: `domain/<area>`, a top folder, or a top module's name. */
export function roomOf(file) {
  const parts = path.relative(SERVER, file).split(path.sep);
  if (parts[0] === 'domain' && parts.length > 2) return `domain/${parts[1]}`;
  if (parts.length === 1) return parts[0].replace(/\.m?tsx?$/, '');
  return parts[0];
}

const insideServer = (file) => !path.relative(SERVER, file).startsWith('..');

const serverRooms = {
  meta: {
    type: 'problem',
    docs: { description: 'A server module imports only the rooms its own room lists.' },
    schema: [],
    messages: {
      unlisted: '{{room}} is not a room of scripts/lint/serverRooms.mjs: give it a line there.',
      crossing:
        '{{from}} may not import {{to}} (scripts/lint/serverRooms.mjs): move what both need into a room they may both import.',
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    if (!insideServer(file)) return {};
    const from = roomOf(file);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      if (!insideServer(target)) return; // leaving server/ is the floors' own rule (eslint.config.mjs)
      const to = roomOf(target.endsWith('.ts') ? target : `${target}.ts`);
      if (to === from) return;
      const allowed = SERVER_ROOMS[from];
      if (!allowed) {
        context.report({ node: node.source, messageId: 'unlisted', data: { room: from } });
      } else if (!allowed.includes(to)) {
        context.report({ node: node.source, messageId: 'crossing', data: { from, to } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ source: node.source }),
    };
  },
};

export default { 'server-rooms': serverRooms };
