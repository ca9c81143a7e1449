// The suite replaces collectFingerprint with a fixed device (jest.setup.ts); this test takes the real one.
const { collectFingerprint } =
  jest.requireActual<typeof import('./collectFingerprint')>('./collectFingerprint');

const load = jest.fn();
jest.mock('@fingerprintjs/fingerprintjs', () => ({ load: (...args: unknown[]) => load(...args) }));

it('collects the fingerprint without the library sending statistics to its CDN', async () => {
  load.mockResolvedValue({ get: async () => ({ visitorId: 'v-1', version: '5.2.0', components: {} }) });
  const fingerprint = await collectFingerprint();
  expect(load).toHaveBeenCalledWith({ monitoring: false });
  expect(fingerprint).toMatchObject({ fingerprint: 'v-1', version: '5.2.0' });
});
