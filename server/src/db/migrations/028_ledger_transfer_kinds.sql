-- The kinds a ledger transfer may have: core/ledgerKinds.ts's list, which a test holds this constraint to.
-- NOT VALID: rows written before are not checked again (a test database may hold others); new ones are.
ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_kind CHECK (kind IN (
  'DEPOSIT', 'BONUS', 'PROMOTION_BONUS', 'BONUS_REVERSAL', 'PROMOTION_RETURN', 'WITHDRAW_HOLD', 'WITHDRAW_RELEASE',
  'WITHDRAW', 'MOVE', 'GAME_RESULT', 'TRANSFER_REFUSED', 'PAYMENT_HELD', 'PAYMENT_RETURN', 'CASHBACK', 'CHECK_IN',
  'REFERRAL'
)) NOT VALID;
