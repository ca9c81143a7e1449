-- Money: reference data (providers, banks, currencies, promotions, games), the double-entry ledger,
-- orders, bank accounts, promotion usages, idempotency keys and the sandbox adapters' own state.
-- Amounts are integers in minor units: LAK in whole kip, THB in satang. Keep to SQL that PostgreSQL 15
-- and PGlite (PostgreSQL 18) both accept.

CREATE TABLE providers (
  code text PRIMARY KEY,
  name text NOT NULL,
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE banks (
  code text PRIMARY KEY,
  name text NOT NULL,
  account_number_lengths int[] NOT NULL,
  acquirer_iin text NOT NULL CHECK (acquirer_iin ~ '^[0-9]{8}$'),
  -- Account numbers starting with one of these are mobile-wallet accounts, which players may not use.
  wallet_prefixes text[] NOT NULL DEFAULT '{}',
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE currencies (
  id serial PRIMARY KEY,
  code text NOT NULL,
  mid text NOT NULL,
  display_name text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('LAK', 'THB', 'USD')),
  -- Rates are kept as the exact 4-decimal strings the contract shows: units of currency per 1 THB.
  buy text NOT NULL CHECK (buy ~ '^[0-9]+\.[0-9]{4}$'),
  sell text NOT NULL CHECK (sell ~ '^[0-9]+\.[0-9]{4}$'),
  is_enabled boolean NOT NULL DEFAULT true,
  sort int NOT NULL DEFAULT 0,
  UNIQUE (code, mid)
);

CREATE TABLE games (
  id text PRIMARY KEY,
  provider text NOT NULL REFERENCES providers (code),
  category text NOT NULL CHECK (category IN ('slot', 'sport', 'casino', 'fish', 'card', 'chicken')),
  name text NOT NULL,
  sort int NOT NULL DEFAULT 0
);
CREATE INDEX games_provider_category ON games (provider, category, sort);

CREATE TABLE promotions (
  id text PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL,
  status text NOT NULL CHECK (status IN ('ACTIVE', 'INACTIVE')),
  deposit_amount bigint NOT NULL CHECK (deposit_amount > 0),
  bonus_percent int NOT NULL CHECK (bonus_percent >= 0),
  max_bonus_credit bigint NOT NULL CHECK (max_bonus_credit >= 0),
  turnover int NOT NULL CHECK (turnover >= 0),
  first_order_only boolean NOT NULL,
  withdraw_all boolean NOT NULL,
  credit_threshold bigint NOT NULL CHECK (credit_threshold >= 0),
  -- Not in the contract: a promotion that may be used once per player, and the most that can be paid out
  -- while it is in use, as a percentage of deposit credit plus bonus (docs/player-site.md §9: "maximum received credit").
  one_time boolean NOT NULL DEFAULT true,
  max_payout_percent int NOT NULL DEFAULT 500 CHECK (max_payout_percent > 0),
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE bank_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  player_id uuid NOT NULL REFERENCES players (id),
  bank text NOT NULL REFERENCES banks (code),
  account_number text NOT NULL,
  account_name text NOT NULL,
  currency text NOT NULL CHECK (currency = 'LAK'),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One account per player, and an account number belongs to one player: races end at these indexes.
CREATE UNIQUE INDEX bank_accounts_one_per_player ON bank_accounts (player_id);
CREATE UNIQUE INDEX bank_accounts_bank_number ON bank_accounts (bank, account_number);

-- Ledger ------------------------------------------------------------------------------------------------

CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  -- 'player:<uuid>:<provider>' or 'system:<kind>:<currency>[:<provider>]'.
  key text NOT NULL UNIQUE,
  kind text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('LAK', 'THB', 'USD')),
  player_id uuid REFERENCES players (id),
  provider text REFERENCES providers (code),
  is_system boolean NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- System accounts mirror money outside the site (bank, exchange, provider float) and may go negative;
  -- a player's credit never does.
  CONSTRAINT ledger_accounts_no_overdraft CHECK (is_system OR balance >= 0)
);

CREATE TABLE ledger_transfers (
  id bigserial PRIMARY KEY,
  -- The external fact this transfer records (order code + step, bank reference...): applied once.
  reference text NOT NULL UNIQUE,
  kind text NOT NULL,
  debit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  credit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  -- The exchange rate used, when this transfer is one leg of a conversion.
  rate text,
  order_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id)
);
CREATE INDEX ledger_transfers_order ON ledger_transfers (order_code);

CREATE TABLE ledger_postings (
  id bigserial PRIMARY KEY,
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_before bigint NOT NULL,
  balance_after bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (balance_after = balance_before + amount)
);
CREATE INDEX ledger_postings_account ON ledger_postings (account_id, id);

-- Postings and transfers are history: never updated or deleted (mistakes are corrected by a reversing
-- transfer). plpgsql triggers work on PostgreSQL 15 and PGlite alike.
CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_transfers_immutable BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();

-- Orders ------------------------------------------------------------------------------------------------

CREATE TABLE promotion_usages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  player_id uuid NOT NULL REFERENCES players (id),
  promotion_id text NOT NULL REFERENCES promotions (id),
  provider text NOT NULL REFERENCES providers (code),
  -- ACTIVE: claimed, waiting for its deposit; USED: deposit and bonus credited, in use;
  -- SUCCESS / CANCELED: ended.
  status text NOT NULL CHECK (status IN ('ACTIVE', 'INACTIVE', 'SUCCESS', 'CANCELED', 'USED')),
  deposit_amount bigint NOT NULL,
  deposit_credit bigint NOT NULL DEFAULT 0,
  bonus_credit bigint NOT NULL DEFAULT 0,
  order_code text,
  used_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
-- Only one promotion in use at a time (docs/player-site.md §9), even when two claims race.
CREATE UNIQUE INDEX promotion_usages_one_in_use ON promotion_usages (player_id) WHERE status IN ('ACTIVE', 'USED');
CREATE INDEX promotion_usages_player ON promotion_usages (player_id, used_at DESC);

CREATE TABLE orders (
  code text PRIMARY KEY CHECK (code ~ '^[DW][0-9A-Z]{10,30}$'),
  kind text NOT NULL CHECK (kind IN ('DEPOSIT', 'WITHDRAW')),
  player_id uuid NOT NULL REFERENCES players (id),
  provider text NOT NULL REFERENCES providers (code),
  -- Bank side, LAK whole kip.
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency = 'LAK'),
  -- Provider side, THB satang: bought (deposit) or taken from the provider (withdraw).
  credit bigint NOT NULL CHECK (credit > 0),
  bonus_credit bigint NOT NULL DEFAULT 0,
  -- Withdraw only: credit above the promotion's maximum, returned to promotion liability on approval.
  returned_credit bigint NOT NULL DEFAULT 0,
  rate text NOT NULL,
  status text NOT NULL CHECK (status IN ('OPEN', 'PAID', 'SUCCESS', 'FAILED', 'CANCELED', 'REJECTED')),
  bank text NOT NULL REFERENCES banks (code),
  mid text,
  bank_account_id uuid REFERENCES bank_accounts (id),
  usage_id uuid REFERENCES promotion_usages (id),
  qr_text text,
  -- The bank's reference of the payment that paid this deposit, or the payout reference of a withdrawal.
  bank_reference text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz
);
-- One open deposit per player (OPEN_ORDER), decided by the database when two requests race.
CREATE UNIQUE INDEX orders_one_open_deposit ON orders (player_id) WHERE kind = 'DEPOSIT' AND status = 'OPEN';
CREATE INDEX orders_player_kind ON orders (player_id, kind, created_at DESC);
CREATE INDEX orders_status ON orders (kind, status, created_at);

-- Every bank callback received, keyed by the bank's reference: a repeated delivery is recognised here.
CREATE TABLE payment_callbacks (
  reference text PRIMARY KEY,
  bill_number text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  status text NOT NULL,
  paid_at timestamptz NOT NULL,
  -- APPLIED (credited), IGNORED (failed payment), UNMATCHED (order closed or unknown: for the operator).
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- Idempotency-Key: one row per (player, operation, key).
CREATE TABLE idempotency_keys (
  player_id uuid NOT NULL REFERENCES players (id),
  operation text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  response_status int,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, operation, key)
);

-- Sandbox adapters: the state a remote provider, bank or payout system would keep on its side ---------

CREATE TABLE sandbox_provider_wallets (
  provider text NOT NULL REFERENCES providers (code),
  player_id uuid NOT NULL,
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  PRIMARY KEY (provider, player_id)
);

CREATE TABLE sandbox_provider_transactions (
  provider text NOT NULL,
  ref text NOT NULL,
  player_id uuid NOT NULL,
  direction text NOT NULL CHECK (direction IN ('IN', 'OUT', 'GAME')),
  amount bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, ref)
);

CREATE TABLE sandbox_payments (
  bill_number text PRIMARY KEY,
  merchant_id text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED')),
  reference text UNIQUE,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_payouts (
  order_code text PRIMARY KEY,
  bank text NOT NULL,
  account_number text NOT NULL,
  account_name text NOT NULL,
  amount bigint NOT NULL,
  reference text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
