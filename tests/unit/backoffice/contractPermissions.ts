import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { StaffPermission } from '@/backoffice/api/generated';

/**
 * The permission each back-office operation asks for, read from the contract's `x-permission` (the server
 * enforces the same, server/src/http/staffAuth.ts): the fake API guards each call with it, so a
 * permission changed in openapi.yaml changes the fake too, with nothing copied by hand.
 */
interface Route {
  method: string;
  pattern: RegExp;
  permission: StaffPermission | undefined;
}

const contract = parse(readFileSync(join(__dirname, '../../../openapi.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, { 'x-permission'?: StaffPermission }>>;
};

const ROUTES: Route[] = Object.entries(contract.paths)
  .filter(([path]) => path.startsWith('/v2/backoffice'))
  .flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      permission: operation['x-permission'],
    })),
  );

/** The permission the contract names for this call, or undefined when a staff session is all it needs. */
export function permissionOf(method: string, path: string): StaffPermission | undefined {
  const route = ROUTES.find((r) => r.method === method && r.pattern.test(path));
  if (!route) throw new Error(`the contract has no back-office operation ${method} ${path}`);
  return route.permission;
}
