import { createTestApp, expectContract, registerAndLogin, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('agency info and a player session', async () => {
  const agency = await t.app.inject({ method: 'GET', url: '/api/v2/agency/info' });
  expect(agency.statusCode).toBe(200);
  expectContract('getAgencyInfo', 200, agency.json());
  const { cookie } = await registerAndLogin(t.app);
  const info = await t.app.inject({ method: 'GET', url: '/api/v2/players/info', headers: { cookie } });
  expect(info.statusCode).toBe(200);
  expectContract('getPlayerInfo', 200, info.json());
});
