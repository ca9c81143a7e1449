import { build } from 'esbuild';

/** Bundles a TypeScript entry into one CommonJS file that Node 20 runs as it is (npm start, pre-render). */
export function bundleForNode(entry, outfile, options = {}) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    ...options,
  });
}
