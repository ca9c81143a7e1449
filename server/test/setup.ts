import { setFlagsFromString } from 'node:v8';
import { TEST_WASM_FLAGS } from './wasmFlags';

/**
 * Set-up of every server test file.
 *
 * PGlite's WebAssembly runs on V8's baseline compiler only (TEST_WASM_FLAGS). By default V8 also compiles
 * the hot functions again with its optimising compiler, in background threads: on this 2-core machine that
 * doubled the CPU a test database costs (2.3 s against 1.15 s for an open and 200 queries), for code that
 * runs seconds per test file. Set here, before any test file loads PGlite; the child servers the tests spawn
 * get the same flag (TEST_WASM_FLAGS). The server itself (`npm start`) keeps V8's defaults.
 */
setFlagsFromString(TEST_WASM_FLAGS);

/*
 * A registration hashes its password with Argon2id at the production cost (about 70 ms of CPU here); the
 * suite registers hundreds of players with the same test password, so each file hashes each password once
 * and hands the same real hash to the players after the first. The hash is still made and verified by
 * argon2 (logins verify for real); only its per-player salt is shared in tests, which nothing asserts on.
 */
jest.mock('../src/domain/players/passwords', () => {
  const actual = jest.requireActual<typeof import('../src/domain/players/passwords')>(
    '../src/domain/players/passwords',
  );
  const hashes = new Map<string, Promise<string>>();
  return {
    ...actual,
    hashPassword(password: string): Promise<string> {
      let hash = hashes.get(password);
      if (!hash) {
        hash = actual.hashPassword(password);
        hashes.set(password, hash);
      }
      return hash;
    },
  };
});
