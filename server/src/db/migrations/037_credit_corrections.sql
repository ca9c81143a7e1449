-- Credit corrections through four eyes (docs/backoffice.md, "Players"): a member asks for one with a reason, a
-- second member applies it as a ledger transfer of its own kind between the player's credit and the
-- corrections account, or refuses it. The request, its decision and who made each are kept.
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_kind;
ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_kind CHECK (kind IN (
  'DEPOSIT', 'BONUS', 'PROMOTION_BONUS', 'BONUS_REVERSAL', 'PROMOTION_RETURN', 'WITHDRAW_HOLD', 'WITHDRAW_RELEASE',
  'WITHDRAW', 'MOVE', 'GAME_RESULT', 'TRANSFER_REFUSED', 'PAYMENT_HELD', 'PAYMENT_RETURN', 'CASHBACK', 'CHECK_IN',
  'REFERRAL', 'GAME_BET', 'GAME_WIN', 'GAME_REFUND', 'CORRECTION'
)) NOT VALID;

INSERT INTO ledger_accounts (key, kind, currency, is_system) VALUES ('system:corrections:THB', 'corrections', 'THB', true)
ON CONFLICT (key) DO NOTHING;

CREATE TABLE credit_corrections (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id uuid NOT NULL REFERENCES players (id),
  provider text NOT NULL REFERENCES providers (code),
  -- THB satang: positive credits the player, negative debits them.
  amount bigint NOT NULL CHECK (amount <> 0),
  reason text NOT NULL CHECK (length(reason) BETWEEN 3 AND 500),
  requested_by uuid NOT NULL REFERENCES staff (id),
  requested_at timestamptz NOT NULL DEFAULT app_now(),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPLIED', 'REFUSED')),
  decided_by uuid REFERENCES staff (id),
  decided_at timestamptz
);
CREATE INDEX credit_corrections_player ON credit_corrections (player_id, requested_at DESC);
