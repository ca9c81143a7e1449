import { listOperations } from '../src/contract/load';
import { declaresStatus } from '../src/contract/validate';
import { MONEY_OPERATION_IDS, MONEY_OPERATIONS } from '../src/domain/operations/moneyOperations';

/**
 * What must agree when a money operation is added (docs/architecture.md, "Adding a money operation"): the
 * places the compiler cannot see are checked here; the web's cache row (src/api/cache.ts) and the error
 * texts of every language (tests/unit/locales.test.ts) are checked where they live.
 */
describe('money operations', () => {
  const contract = listOperations();

  test('every operation the contract gives an Idempotency-Key is declared with it, and only those', () => {
    const keyed = contract
      .filter(({ operation }) => (operation.parameters ?? []).some((p) => p.name === 'Idempotency-Key'))
      .map(({ operation }) => operation.operationId)
      .sort();
    const declaredKeyed = Object.entries(MONEY_OPERATIONS)
      .filter(([, declared]) => declared.once === 'idempotencyKey')
      .map(([operationId]) => operationId);
    expect(declaredKeyed.sort()).toEqual(keyed);
  });

  test('the operations that settle, cancel or pay an order and add the bank account run through the runner', () => {
    expect(Object.keys(MONEY_OPERATIONS)).toEqual(
      expect.arrayContaining(['checkDeposit', 'cancelDeposit', 'receivePaymentCallback', 'addBankAccount']),
    );
  });

  test('each answers with a success status its contract operation declares', () => {
    for (const [operationId, declared] of Object.entries(MONEY_OPERATIONS))
      expect(`${operationId} ${declared.status}`).toBe(
        declaresStatus(operationId, declared.status) ? `${operationId} ${declared.status}` : 'undeclared',
      );
  });

  test('the metrics count every money operation, each named as the contract names it', () => {
    const ids = new Set(contract.map(({ operation }) => operation.operationId));
    for (const operationId of MONEY_OPERATION_IDS) expect(ids).toContain(operationId);
    expect(MONEY_OPERATION_IDS).toEqual(
      expect.arrayContaining([...Object.keys(MONEY_OPERATIONS), 'paySandboxQr']),
    );
    expect(new Set(MONEY_OPERATION_IDS).size).toBe(MONEY_OPERATION_IDS.length);
  });
});
