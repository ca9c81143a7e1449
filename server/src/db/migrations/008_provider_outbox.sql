-- Issue 12: provider wallets over HTTP. The ledger no longer writes a provider's wallet in its own
-- transaction: each posting that changes what a provider must hold writes a provider_outbox row in the
-- same transaction, and the row is delivered to the provider (over HTTP, by its reference) after commit.

-- Game rounds at the sandbox providers (written by the sandbox studio; agreed shape, see docs/games.md).
-- A round's result is win - bet; an OPEN round counts -bet (win is 0 until it settles).
CREATE TABLE sandbox_game_rounds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL REFERENCES providers (code),
  player_id uuid NOT NULL,
  game_id text NOT NULL,
  session_id text,
  kind text NOT NULL CHECK (kind IN ('slot', 'table', 'reveal', 'test')),
  status text NOT NULL CHECK (status IN ('OPEN', 'SETTLED')),
  bet bigint NOT NULL CHECK (bet >= 0),
  win bigint NOT NULL DEFAULT 0 CHECK (win >= 0),
  balance_after bigint,
  seed text,
  outcome jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX sandbox_game_rounds_wallet ON sandbox_game_rounds (provider, player_id, status);

-- Game results of the old sandbox (direction GAME, a signed amount) become settled test rounds, so the
-- provider invariant (in - out + round results = balance) holds for wallets played before this migration.
INSERT INTO sandbox_game_rounds (provider, player_id, game_id, kind, status, bet, win, created_at, settled_at)
SELECT provider, player_id, 'sandbox-test', 'test', 'SETTLED',
       GREATEST(-amount, 0), GREATEST(amount, 0), created_at, created_at
FROM sandbox_provider_transactions WHERE direction = 'GAME';
DELETE FROM sandbox_provider_transactions WHERE direction = 'GAME';

-- A transfer's decision is kept with its reference: a repeated reference answers the first result,
-- and a refused transfer stays refused.
ALTER TABLE sandbox_provider_transactions DROP CONSTRAINT IF EXISTS sandbox_provider_transactions_direction_check;
ALTER TABLE sandbox_provider_transactions ADD CONSTRAINT sandbox_provider_transactions_direction_check
  CHECK (direction IN ('IN', 'OUT'));
ALTER TABLE sandbox_provider_transactions
  ADD COLUMN status text NOT NULL DEFAULT 'APPLIED' CHECK (status IN ('APPLIED', 'REFUSED')),
  ADD COLUMN reason text CHECK (reason IN ('NOT_ENOUGH_CREDIT', 'ROUND_OPEN')),
  ADD COLUMN balance_after bigint;
CREATE INDEX sandbox_provider_transactions_wallet ON sandbox_provider_transactions (provider, player_id);

-- The site's side: one row per transfer a provider must apply, delivered in id order per wallet.
CREATE TABLE provider_outbox (
  id bigserial PRIMARY KEY,
  -- The provider's idempotency key: the row is only ever sent under this reference.
  reference text NOT NULL UNIQUE,
  provider text NOT NULL REFERENCES providers (code),
  player_id uuid NOT NULL REFERENCES players (id),
  direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  amount bigint NOT NULL CHECK (amount > 0),
  -- What the transfer is for: DEPOSIT, BONUS, WITHDRAW_HOLD, WITHDRAW_RELEASE, BONUS_REVERSAL, MOVE_OUT, MOVE_IN.
  kind text NOT NULL,
  -- The ledger transfer this row mirrors (reversed when the provider refuses an OUT).
  ledger_reference text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
  -- True once a refusal's compensation ran: such a row is never sent again.
  compensated boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- Set while one instance is delivering the row (no transaction is held across the HTTP call).
  claimed_until timestamptz,
  last_error text,
  -- Delivered only after this row was delivered (a move's IN waits for its OUT).
  depends_on text REFERENCES provider_outbox (reference),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX provider_outbox_wallet ON provider_outbox (player_id, provider, id);
CREATE INDEX provider_outbox_pending ON provider_outbox (next_attempt_at) WHERE status = 'PENDING';

-- Game results already booked in the ledger per (player, provider): the provider's roundResults minus
-- this is what is still to book. Updated under the player account's ledger lock.
CREATE TABLE provider_game_results (
  player_id uuid NOT NULL REFERENCES players (id),
  provider text NOT NULL REFERENCES providers (code),
  booked bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (player_id, provider)
);

-- What the old reconciliation already booked (GAME_RESULT transfers on player accounts).
INSERT INTO provider_game_results (player_id, provider, booked)
SELECT a.player_id, a.provider, SUM(p.amount)
FROM ledger_postings p
JOIN ledger_transfers t ON t.id = p.transfer_id
JOIN ledger_accounts a ON a.id = p.account_id
WHERE t.kind = 'GAME_RESULT' AND NOT a.is_system AND a.player_id IS NOT NULL
GROUP BY a.player_id, a.provider;
