// `npm run test:wallet`: the seamless wallet's certification, run as a provider and an aggregator certify an
// operator (docs/games.md, "Certification"). Starts `npm start` on PGlite, and again on a fresh PostgreSQL
// database when DATABASE_URL is set; signs every call from outside; prints one table per database and dialect;
// exits 1 when an observation differs from what the scenario expects.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  CLOCK_SCENARIOS,
  GAME,
  hub88Scenarios,
  NATIVE_SCENARIOS,
  PROVIDER,
  type Player,
  type Scenario,
  type Tools,
} from './scenarios.mts';
import { signedNative, SitePlayer, startSite, type Site } from './site.mts';

const secrets = {
  alphabet: randomBytes(32).toString('hex'),
  askmebet: randomBytes(32).toString('hex'),
  gclub: randomBytes(32).toString('hex'),
  gclub_live: randomBytes(32).toString('hex'),
};
const hub88 = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

interface Row {
  area: string;
  name: string;
  expected: string;
  observed: string;
  passed: boolean;
}

function tools(site: Site): Tools {
  return {
    site,
    secret: secrets.alphabet,
    otherSecret: secrets.askmebet,
    async player(): Promise<Player> {
      const player = await new SitePlayer(site).funded(PROVIDER);
      const token = await player.launch(PROVIDER, GAME);
      const opened = await signedNative(site, PROVIDER, secrets.alphabet, 'session', { token, gameId: GAME });
      if (opened.status !== 200)
        throw new Error(`the launch token was refused: ${JSON.stringify(opened.body)}`);
      return { site: player, ref: String(opened.body.player), playerId: String(opened.body.playerId) };
    },
  };
}

async function runAll(t: Tools, scenarios: Scenario[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const s of scenarios) {
    let observed: string;
    try {
      observed = await s.run(t);
    } catch (err) {
      observed = `threw: ${(err as Error).message}`;
    }
    rows.push({
      area: s.area,
      name: s.name,
      expected: s.expected,
      observed,
      passed: observed === s.expected,
    });
  }
  return rows;
}

function table(title: string, rows: Row[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [
    `\n### ${title}: ${rows.filter((r) => r.passed).length} of ${rows.length} passed\n`,
    '| # | area | scenario | expected | observed | result |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r, i) =>
        `| ${i + 1} | ${r.area} | ${cell(r.name)} | ${cell(r.expected)} | ${cell(r.observed)} | ${r.passed ? 'pass' : 'FAIL'} |`,
    ),
  ];
  return lines.join('\n');
}

async function certify(databaseUrl: string): Promise<boolean> {
  const site = await startSite({
    databaseUrl,
    walletSecrets: secrets,
    hub88PublicKey: hub88.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  try {
    const t = tools(site);
    const native = await runAll(t, NATIVE_SCENARIOS);
    const dialect = await runAll(t, hub88Scenarios(hub88.privateKey, stranger.privateKey));
    // Last: these move the site's clock by hours.
    native.push(...(await runAll(t, CLOCK_SCENARIOS)));
    console.log(table(`Seamless wallet on ${site.database}`, native));
    console.log(table(`Hub88 dialect on ${site.database}`, dialect));
    return [...native, ...dialect].every((r) => r.passed);
  } finally {
    await site.stop();
  }
}

const databases = ['', ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
let passed = true;
for (const databaseUrl of databases) passed = (await certify(databaseUrl)) && passed;
console.log(passed ? '\nWallet certification: every scenario passed.' : '\nWallet certification FAILED.');
process.exit(passed ? 0 : 1);
