import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface LintCase {
  filePath: string;
  code: string;
}

const RULES = [
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  'house/no-import-cycle',
  'house/server-rooms',
];

/**
 * Lints source text as if it lived at `filePath`, with the repository's eslint.config.mjs. ESLint loads its
 * config with import(), which Jest's module sandbox does not offer, so it runs in a plain Node child.
 */
function restrictedImports(cases: LintCase[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: ${JSON.stringify(ROOT)} });
    const out = [];
    for (const { filePath, code } of JSON.parse(process.argv[1])) {
      const [result] = await eslint.lintText(code, { filePath });
      out.push(result.messages.filter((m) => ${JSON.stringify(RULES)}.includes(m.ruleId)).map((m) => m.message));
    }
    console.log(JSON.stringify(out));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][];
}

const use = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

/** Each floor: imports that must be refused (one message each) and neighbours that must pass. */
const floors: Record<string, { crossings: LintCase[]; allowed: LintCase[] }> = {};

floors['the server floors are enforced by lint'] = {
  crossings: [
    { filePath: 'server/src/domain/ledger/example.ts', code: use('../../http/auth') },
    { filePath: 'server/src/adapters/example.ts', code: use('../domain/ledger/ledger') },
    { filePath: 'server/src/adapters/example.ts', code: use('../http/types') },
    { filePath: 'server/src/db/example.ts', code: use('../domain/ledger/orders') },
    { filePath: 'server/src/domain/money/example.ts', code: use('../../../../src/lib/format') },
    { filePath: 'server/src/app.ts', code: use('../../src/app/store') },
    { filePath: 'server/test/example.test.ts', code: use('@/api') },
    // The contract binder is handed the session check; it does not reach into http/.
    { filePath: 'server/src/contract/example.ts', code: use('../http/auth') },
    // The sandbox reaches the site only through its door, sandbox/site.ts.
    { filePath: 'server/src/sandbox/studio/example.ts', code: use('../../domain/protection/exclusions') },
    { filePath: 'server/src/sandbox/provider/example.ts', code: use('../../http/security') },
    // Operator commands and the HTTP layer do not use each other; the studio's insides are the sandbox's.
    { filePath: 'server/src/ops/example.ts', code: use('../http/auth') },
    { filePath: 'server/src/ops/example.ts', code: use('../sandbox/studio/rounds') },
    // The studio page runs in the browser: nothing of the server, nothing of the web app.
    { filePath: 'studio/src/example.ts', code: use('../../server/src/sandbox/studio/rng') },
    { filePath: 'studio/src/example.ts', code: use('@/lib/format') },
  ],
  allowed: [
    { filePath: 'server/src/http/example.ts', code: use('../domain/ledger/ledger') },
    { filePath: 'server/src/domain/money/example.ts', code: use('../../db/values') },
    { filePath: 'server/src/domain/money/example.ts', code: use('../../adapters/sandboxBank') },
    { filePath: 'server/src/adapters/example.ts', code: use('@core/laoQr') },
    { filePath: 'server/test/example.test.ts', code: use('../src/errors') },
    { filePath: 'server/src/sandbox/studio/example.ts', code: use('../site') },
    { filePath: 'server/src/sandbox/site.ts', code: use('../domain/protection/exclusions') },
    { filePath: 'server/src/sandbox/provider/example.ts', code: use('../../adapters/types') },
    { filePath: 'server/src/ops/example.ts', code: use('../domain/ledger/outbox') },
    { filePath: 'studio/src/example.ts', code: use('@core/slotRules') },
  ],
};

/**
 * The domain's areas, lowest first, as docs/architecture.md#rooms orders them: each may import those before
 * it, and every import the other way is tried here and must be refused.
 */
const DOMAIN_ORDER = [
  'ledger',
  'players',
  'protection',
  'games',
  'promotions',
  'rewards',
  'money',
  'staff',
  'operations',
];
const inArea = (area: string) => `server/src/domain/${area}/example.ts`;
const areaPairs = DOMAIN_ORDER.flatMap((lower, i) =>
  DOMAIN_ORDER.slice(i + 1).map((higher) => [lower, higher]),
);

floors["the server's rooms are allow-lists: every upward import between the domain's areas is refused"] = {
  crossings: [
    ...areaPairs.map(([lower, higher]) => ({ filePath: inArea(lower!), code: use(`../${higher}/example`) })),
    // Rooms outside the domain name what they may import too.
    { filePath: 'server/src/clock.ts', code: use('./adapters') },
    { filePath: 'server/src/db/example.ts', code: use('../clock') },
    { filePath: 'server/src/domain/operations/example.ts', code: use('../../ops/commands') },
    { filePath: 'server/src/domain/ledger/example.ts', code: use('../../reconciler') },
    { filePath: 'server/src/reconciler.ts', code: use('./http/moneyHandlers') },
    { filePath: 'server/src/http/example.ts', code: use('../ops/commands') },
    // A room nobody listed imports nothing until it is given its line.
    { filePath: 'server/src/newRoom/example.ts', code: use('../errors') },
  ],
  allowed: [
    ...areaPairs.map(([lower, higher]) => ({ filePath: inArea(higher!), code: use(`../${lower}/example`) })),
    { filePath: inArea('players'), code: use('./example') },
    { filePath: inArea('ledger'), code: use('../../clock') },
    { filePath: 'server/src/ops/example.ts', code: use('../domain/operations/moneyOperations') },
    { filePath: 'server/src/reconciler.ts', code: use('./domain/money/outboxDelivery') },
  ],
};

floors['the web floors are enforced by lint'] = {
  crossings: [
    // Upward across the floors: core, lib/api/i18n -> ui -> features -> layout -> app.
    { filePath: 'core/example.ts', code: use('@/lib/format') },
    { filePath: 'core/example.ts', code: use('react') },
    { filePath: 'src/lib/example.ts', code: use('@/ui/PreloadLink') },
    { filePath: 'src/api/example.ts', code: use('@/features/auth/usePlayerSession') },
    { filePath: 'src/ui/example.tsx', code: use('@/features/deposit/DepositForm') },
    { filePath: 'src/features/deposit/example.tsx', code: use('@/layout/Navbar') },
    { filePath: 'src/layout/example.tsx', code: use('@/app/routes') },
    // Features never import each other.
    { filePath: 'src/features/deposit/example.tsx', code: use('@/features/withdraw/WithdrawForm') },
    // The plain react-redux hooks and the API's insides have one home each.
    {
      filePath: 'src/features/bank/example.tsx',
      code: "import { useDispatch } from 'react-redux';\nexport const d = useDispatch;\n",
    },
    { filePath: 'src/features/bank/example.tsx', code: use('@/api/generated') },
    // Relative paths that would slip past the alias checks.
    { filePath: 'src/layout/example.tsx', code: use('../app/routes') },
  ],
  allowed: [
    { filePath: 'src/ui/example.tsx', code: use('@core/laoQr') },
    { filePath: 'src/features/deposit/example.tsx', code: use('@/ui/orderStatus') },
    { filePath: 'src/features/deposit/example.tsx', code: use('@/features/deposit/depositSchema') },
    { filePath: 'src/layout/example.tsx', code: use('@/features/auth/usePlayerSession') },
    { filePath: 'src/app/example.tsx', code: use('@/layout/RootLayout') },
    { filePath: 'src/features/bank/example.tsx', code: use('@/api') },
    {
      filePath: 'src/lib/storeHooks.ts',
      code: "import { useDispatch } from 'react-redux';\nexport const d = useDispatch;\n",
    },
    {
      filePath: 'src/lib/example.ts',
      code: "import type { RootState } from '@/app/store';\nexport type S = RootState;\n",
    },
  ],
};

floors['the player site and the back office stay apart, by lint'] = {
  crossings: [
    // Nothing of the staff screens in the player site's code, on any floor.
    { filePath: 'src/app/example.tsx', code: use('@/backoffice/routes') },
    { filePath: 'src/features/deposit/example.tsx', code: use('@/backoffice/api') },
    { filePath: 'src/ui/example.tsx', code: use('@/backoffice/format') },
    { filePath: 'src/app/example.tsx', code: use('@core/staffOperations') },
    // The back office uses nothing of the player site's store, client, pages or shell.
    { filePath: 'src/backoffice/pages/example.tsx', code: use('@/api') },
    { filePath: 'src/backoffice/example.tsx', code: use('@/app/store') },
    { filePath: 'src/backoffice/pages/example.tsx', code: use('@/features/withdraw/WithdrawForm') },
    { filePath: 'src/backoffice/pages/example.tsx', code: use('@/ui/form/TextField') },
    { filePath: 'src/backoffice/pages/example.tsx', code: use('../../api') },
  ],
  allowed: [
    { filePath: 'src/backoffice/pages/example.tsx', code: use('@/backoffice/api') },
    { filePath: 'src/backoffice/pages/example.tsx', code: use('@/ui/form/validateWithYup') },
    { filePath: 'src/backoffice/main.tsx', code: use('@/i18n/antdLao') },
    { filePath: 'src/backoffice/example.tsx', code: use('@core/staffRoles') },
    { filePath: 'tests/unit/backoffice/example.test.tsx', code: use('@/backoffice/App') },
  ],
};

floors['import cycles are refused by lint, on both sides and through type imports'] = {
  crossings: [
    // The booked figures read the ledger: the ledger may not read them back (one room, so only the cycle).
    { filePath: 'server/src/domain/ledger/ledger.ts', code: use('./accounts') },
    // Through two modules: baseApi.ts imports sessionBoot.ts, generated.ts imports baseApi.ts.
    {
      filePath: 'src/api/sessionBoot.ts',
      code: "import type { PlayerSessionResponse } from './generated';\nexport type R = PlayerSessionResponse;\n",
    },
    // A module importing itself.
    { filePath: 'core/money.ts', code: use('./money') },
  ],
  allowed: [
    { filePath: 'server/src/domain/ledger/accounts.ts', code: use('./ledger') },
    { filePath: 'src/api/sessionBoot.ts', code: "import type { components } from '@core/contract';\n" },
  ],
};

// One ESLint process for every case: loading ESLint and the config takes seconds on this machine.
const results = new Map<LintCase, string[]>();
beforeAll(() => {
  const cases = Object.values(floors).flatMap((f) => [...f.crossings, ...f.allowed]);
  restrictedImports(cases).forEach((messages, i) => results.set(cases[i]!, messages));
}, 60_000);

test.each(Object.keys(floors))('%s', (name) => {
  const { crossings, allowed } = floors[name]!;
  // Each case named by where it lives and what it imports, so a failure says which one.
  const named = (c: LintCase, said: unknown) => `${c.filePath}: ${c.code.split('\n')[0]} -> ${String(said)}`;
  expect(crossings.map((c) => named(c, results.get(c)!.length))).toEqual(crossings.map((c) => named(c, 1)));
  expect(allowed.map((c) => named(c, results.get(c)!.join(' | ')))).toEqual(allowed.map((c) => named(c, '')));
});

test('a cycle is refused as a cycle', () => {
  const { crossings } = floors['import cycles are refused by lint, on both sides and through type imports']!;
  expect(crossings.flatMap((c) => results.get(c)!).every((m) => m.startsWith('Import cycle'))).toBe(true);
});
