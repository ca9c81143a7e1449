import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { backofficeNames, namesIn, scanBuild, scanPlayerBuild } from './checks/backofficeNames';

// Spec §6: nothing of the back office in the player site. These read the production build `npm test` has
// just made (the files the server sends), not a page: once, on the desktop project.
const root = join(__dirname, '../..');
const names = backofficeNames(root);

test.beforeEach(({ browserName: _browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'build files, read once');
  expect(existsSync(join(root, 'dist/index.html')), 'run `npm run build` first').toBe(true);
});

test('the scan sees a staff operation, address, text key or text wherever one is written', () => {
  const [operationId] = names.operationIds;
  const key = names.textKeys.find((k) => k.startsWith('withdrawals.'))!;
  const [sentence] = names.texts;
  expect(namesIn(`const r=["getAgencyInfo","${operationId}"];`, names)).toEqual([operationId]);
  expect(namesIn('["LOGIN_FAILED","STAFF_FORBIDDEN"]', names)).toEqual(['STAFF_FORBIDDEN']);
  expect(namesIn('fetch("/api/v2/backoffice/withdrawals/"+c+"/approve")', names)).toEqual(
    expect.arrayContaining(['/backoffice', '/v2/backoffice/withdrawals']),
  );
  expect(namesIn(`t("${key}")`, names)).toEqual([key]);
  expect(namesIn(`{"text":"${sentence}"}`, names)).toEqual([sentence]);
  // A longer name is not a staff one: "listStaff" is, "listStaffing" would not be.
  expect(namesIn('listStaffing, money.withdrawals.approve, loginPlayer', names)).toEqual([]);
});

test('the scan finds the back office in its own build: the lists it looks for are the real ones', () => {
  const found = new Set(scanBuild(join(root, 'dist/backoffice'), names).flatMap((f) => f.names));
  for (const list of [names.operationIds, names.errorCodes, names.paths, names.textKeys, names.texts])
    expect(list.filter((name) => found.has(name)).length).toBeGreaterThan(0);
});

test('no file of the player build names a staff operation or error code, the back office’s address or its texts', () => {
  expect(scanPlayerBuild(root, names)).toEqual([]);
});
