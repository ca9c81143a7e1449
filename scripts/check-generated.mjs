// Fails when openapi.yaml and the committed generated code disagree: generated files are artifacts of the contract.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const files = ['src/api/generated.ts', 'src/backoffice/api/generated.ts', 'core/contract.ts'];
const before = files.map((f) => readFileSync(f, 'utf8'));
execSync('npm run --silent api:gen', { stdio: ['ignore', 'ignore', 'inherit'] });
const stale = files.filter((f, i) => readFileSync(f, 'utf8') !== before[i]);
if (stale.length > 0) {
  console.error(`Generated code was stale and has been regenerated: ${stale.join(', ')}. Commit the result.`);
  process.exit(1);
}
console.log('Generated code matches openapi.yaml.');
