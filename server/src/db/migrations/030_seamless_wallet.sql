-- The seamless wallet (docs/games.md): a seamless provider calls the site for every bet, win, rollback and
-- round end, and the player's credit at it is the ledger account itself. TRANSFER providers keep their own
-- wallet (the outbox). Which one a provider is comes from the configuration at each start (wallet.ts).
ALTER TABLE providers ADD COLUMN wallet_mode text NOT NULL DEFAULT 'SEAMLESS'
  CHECK (wallet_mode IN ('SEAMLESS', 'TRANSFER'));

-- The site session a game was launched from: a seamless bet after it ended is refused.
ALTER TABLE launch_tokens ADD COLUMN session_id uuid;

-- The player reference a provider gets for a launch (the wallet session token, only its SHA-256 kept):
-- every wallet call names the player by it.
CREATE TABLE wallet_sessions (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  player_id uuid NOT NULL REFERENCES players (id),
  provider text NOT NULL REFERENCES providers (code),
  game_id text NOT NULL REFERENCES games (id),
  site_session_id uuid,
  last_activity_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT app_now()
);
CREATE INDEX wallet_sessions_player ON wallet_sessions (player_id);

-- A provider's round as the wallet saw it: its stakes, wins and refunds, open until ended.
CREATE TABLE wallet_rounds (
  provider text NOT NULL REFERENCES providers (code),
  round_id text NOT NULL,
  player_id uuid NOT NULL REFERENCES players (id),
  game_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('OPEN', 'ENDED')),
  bets bigint NOT NULL DEFAULT 0 CHECK (bets >= 0),
  wins bigint NOT NULL DEFAULT 0 CHECK (wins >= 0),
  refunds bigint NOT NULL DEFAULT 0 CHECK (refunds >= 0),
  opened_at timestamptz NOT NULL DEFAULT app_now(),
  ended_at timestamptz,
  PRIMARY KEY (provider, round_id)
);
CREATE INDEX wallet_rounds_player ON wallet_rounds (player_id, opened_at DESC);
CREATE INDEX wallet_rounds_open ON wallet_rounds (opened_at) WHERE status = 'OPEN';

-- Every accepted wallet transaction, once per (provider, transaction id): a repeat is answered with `answer`,
-- the same id with other content (request_hash) is refused.
CREATE TABLE wallet_transactions (
  provider text NOT NULL REFERENCES providers (code),
  transaction_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('BET', 'WIN', 'ROLLBACK')),
  player_id uuid NOT NULL REFERENCES players (id),
  round_id text NOT NULL,
  game_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  -- A win's or rollback's bet.
  bet_transaction_id text,
  request_hash text NOT NULL,
  answer jsonb NOT NULL,
  -- The ledger transfer it wrote (none for a win of 0 or a rollback of a bet never received).
  ledger_reference text,
  rolled_back boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT app_now(),
  PRIMARY KEY (provider, transaction_id)
);
CREATE INDEX wallet_transactions_round ON wallet_transactions (provider, round_id);
CREATE INDEX wallet_transactions_player ON wallet_transactions (player_id, created_at DESC);

-- A rollback of a bet the site never received: that bet, arriving later, is refused.
CREATE TABLE wallet_tombstones (
  provider text NOT NULL REFERENCES providers (code),
  bet_transaction_id text NOT NULL,
  rollback_transaction_id text NOT NULL,
  round_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT app_now(),
  PRIMARY KEY (provider, bet_transaction_id)
);

-- Signatures accepted within the timestamp window: the same signature again is a replay.
CREATE TABLE wallet_signatures_seen (
  signature text PRIMARY KEY,
  seen_at timestamptz NOT NULL DEFAULT app_now()
);
CREATE INDEX wallet_signatures_seen_at ON wallet_signatures_seen (seen_at);

-- Per-provider wallet secrets that sandbox mode generates (sandboxSecrets.ts).
ALTER TABLE sandbox_secrets DROP CONSTRAINT sandbox_secrets_name_check;
ALTER TABLE sandbox_secrets ADD CONSTRAINT sandbox_secrets_name_check
  CHECK (name IN ('GATEWAY_SECRET', 'PROVIDER_SECRET') OR name LIKE 'WALLET_SECRET_%');

-- Seamless bets, wins and refunds are ledger transfers of their own kinds; played_at is when their round
-- was played (a win retried hours later counts on the round's day for the rewards, docs/rewards.md).
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_kind;
ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_kind CHECK (kind IN (
  'DEPOSIT', 'BONUS', 'PROMOTION_BONUS', 'BONUS_REVERSAL', 'PROMOTION_RETURN', 'WITHDRAW_HOLD', 'WITHDRAW_RELEASE',
  'WITHDRAW', 'MOVE', 'GAME_RESULT', 'TRANSFER_REFUSED', 'PAYMENT_HELD', 'PAYMENT_RETURN', 'CASHBACK', 'CHECK_IN',
  'REFERRAL', 'GAME_BET', 'GAME_WIN', 'GAME_REFUND'
)) NOT VALID;
ALTER TABLE ledger_transfers ADD COLUMN played_at timestamptz;

DROP FUNCTION ledger_post_transfer(text, text, bigint, bigint, bigint, text, text);
CREATE FUNCTION ledger_post_transfer(
  p_reference text, p_kind text, p_debit bigint, p_credit bigint, p_amount bigint, p_rate text, p_order_code text,
  p_played_at timestamptz,
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
  INSERT INTO ledger_transfers (reference, kind, debit_account_id, credit_account_id, amount, currency, rate, order_code,
                                played_at)
  VALUES (p_reference, p_kind, p_debit, p_credit, p_amount, d.currency, p_rate, p_order_code, p_played_at)
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

-- The sandbox studio plays seamless providers through the wallet API: its session keeps the player reference.
ALTER TABLE sandbox_studio_sessions ADD COLUMN wallet_player text;
