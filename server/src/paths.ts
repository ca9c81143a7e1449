import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository root: the nearest folder above this module that holds openapi.yaml. Found by looking
 * rather than by a fixed number of `..`, because the same code runs from server/src (tsx, Jest) and from
 * the compiled bundle in build/server (npm start).
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'openapi.yaml'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`openapi.yaml not found above ${from}`);
  }
}

export const ROOT = findRoot(__dirname);
