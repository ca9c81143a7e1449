/**
 * Set-up of every server test file. A registration hashes its password with Argon2id at the production
 * cost (about 70 ms of CPU here); the suite registers hundreds of players with the same test password, so
 * each file hashes each password once and hands the same real hash to the players after the first. The
 * hash is still made and verified by argon2 (logins verify for real); only its per-player salt is shared
 * in tests, which nothing asserts on.
 */
jest.mock('../src/domain/passwords', () => {
  const actual = jest.requireActual<typeof import('../src/domain/passwords')>('../src/domain/passwords');
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
