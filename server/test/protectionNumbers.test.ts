import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  LIMIT_RANGE,
  MAX_TIME_OUT_DAYS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_MONTHS,
} from '@core/protectionRules';
import { loadContract } from '../src/contract/load';

/**
 * The protection numbers live in core/protectionRules.ts for the server, ops and the web app; openapi.yaml
 * states them again so that requests are validated before any code runs. Both must say the same.
 */
type Schema = {
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
};
const contract = loadContract() as unknown as {
  paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};
const body = (path: string, method: string) =>
  contract.paths[path]![method]!.requestBody.content['application/json']!.schema.properties!;
const notNull = (schema: Schema) => schema.oneOf?.find((s) => !('type' in s && s.type === 'null')) ?? schema;

test('limit kinds, periods and the money limit bounds are the contract’s', () => {
  const { schemas } = contract.components;
  expect(schemas.LimitKind!.enum).toEqual([...LIMIT_KINDS]);
  expect(schemas.LimitPeriod!.enum).toEqual([...LIMIT_PERIODS]);
  const amount = notNull(schemas.SetLimitRequest!.properties!.amount!);
  expect([amount.minimum, amount.maximum]).toEqual([LIMIT_RANGE.DEPOSIT.min, LIMIT_RANGE.DEPOSIT.max]);
  expect(LIMIT_RANGE.LOSS).toEqual(LIMIT_RANGE.DEPOSIT);
});

test('reality-check intervals, time-out days and self-exclusion months are the contract’s', () => {
  expect(notNull(body('/v2/players/protection/reality-check', 'put').minutes!).enum).toEqual([
    ...REALITY_CHECK_MINUTES,
  ]);
  const days = body('/v2/players/protection/time-out', 'post').days!;
  expect([days.minimum, days.maximum]).toEqual([1, MAX_TIME_OUT_DAYS]);
  expect(body('/v2/players/protection/self-exclusion', 'post').months!.enum).toEqual([
    ...SELF_EXCLUSION_MONTHS,
  ]);
});
