-- System accounts stop being a hot row. Every deposit, withdrawal and game result touches one of a handful
-- of system accounts (exchange, provider float, withdraw hold...); locking and updating that one row in
-- every transfer serialised all money operations on it. System accounts may go negative and need no
-- overdraft check, so nothing requires them to be locked: from now on they are not, their cached balance is
-- not kept (always 0; their balance is the sum of their postings) and their new postings carry no running
-- balance. Player accounts keep the lock, the no-overdraft CHECK, the cached balance and the running-balance
-- chain. Postings written before this migration keep the running balances they were written with.

ALTER TABLE ledger_postings
  ALTER COLUMN balance_before DROP NOT NULL,
  ALTER COLUMN balance_after DROP NOT NULL;
-- A posting carries a running balance (non-system account) or none (system account), never half of one.
ALTER TABLE ledger_postings
  ADD CONSTRAINT ledger_postings_running_balance CHECK ((balance_before IS NULL) = (balance_after IS NULL));

-- The cache of a system account was the sum of its postings until now: that sum stays its balance.
UPDATE ledger_accounts SET balance = 0 WHERE is_system AND balance <> 0;
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_system_uncached CHECK (NOT is_system OR balance = 0);

-- One transfer, as postTransfers (server/src/domain/ledger.ts) applies it: in one round trip, with plans
-- PL/pgSQL prepares once per connection instead of once per call. It locks the player accounts of the two
-- in id order and reads the system ones without a lock. When the currencies agree and a player debit has
-- the funds, it inserts the transfer (nothing when the reference exists), both postings (running balances
-- for player accounts, NULL for system ones) and the player accounts' new balances. `transfer` is the new
-- transfer's id, or NULL when nothing was inserted; the other columns let the caller tell why.
CREATE FUNCTION ledger_post_transfer(
  p_reference text, p_kind text, p_debit bigint, p_credit bigint, p_amount bigint, p_rate text, p_order_code text,
  OUT transfer bigint, OUT debit_system boolean, OUT debit_balance bigint,
  OUT debit_currency text, OUT credit_currency text
) LANGUAGE plpgsql AS $$
DECLARE
  d ledger_accounts%ROWTYPE;
  c ledger_accounts%ROWTYPE;
BEGIN
  PERFORM 1 FROM ledger_accounts WHERE id IN (p_debit, p_credit) AND NOT is_system ORDER BY id FOR UPDATE;
  -- A new snapshot per statement: the balances read here are the latest, and locked.
  SELECT * INTO d FROM ledger_accounts WHERE id = p_debit;
  SELECT * INTO c FROM ledger_accounts WHERE id = p_credit;
  IF d.id IS NULL OR c.id IS NULL THEN
    RAISE EXCEPTION 'transfer %: ledger account % or % not found', p_reference, p_debit, p_credit;
  END IF;
  debit_system := d.is_system;
  debit_balance := d.balance;
  debit_currency := d.currency;
  credit_currency := c.currency;
  IF d.currency <> c.currency OR (NOT d.is_system AND d.balance < p_amount) THEN
    RETURN;
  END IF;
  INSERT INTO ledger_transfers (reference, kind, debit_account_id, credit_account_id, amount, currency, rate, order_code)
  VALUES (p_reference, p_kind, p_debit, p_credit, p_amount, d.currency, p_rate, p_order_code)
  ON CONFLICT (reference) DO NOTHING
  RETURNING id INTO transfer;
  IF transfer IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO ledger_postings (transfer_id, account_id, amount, balance_before, balance_after) VALUES
    (transfer, d.id, -p_amount,
     CASE WHEN d.is_system THEN NULL ELSE d.balance END, CASE WHEN d.is_system THEN NULL ELSE d.balance - p_amount END),
    (transfer, c.id, p_amount,
     CASE WHEN c.is_system THEN NULL ELSE c.balance END, CASE WHEN c.is_system THEN NULL ELSE c.balance + p_amount END);
  IF NOT d.is_system THEN
    UPDATE ledger_accounts SET balance = d.balance - p_amount WHERE id = d.id;
  END IF;
  IF NOT c.is_system THEN
    UPDATE ledger_accounts SET balance = c.balance + p_amount WHERE id = c.id;
  END IF;
END;
$$;
