-- A withdrawal waiting for the operator tells the player why and by when (issue 27, docs/withdrawals.md):
-- the reason it was not paid automatically, and the time the operator is expected to have decided by,
-- both fixed when it is created. Withdrawals from before this migration carry neither.
ALTER TABLE orders
  ADD COLUMN payout_review_reason text CHECK (
    payout_review_reason IN (
      'AUTOMATIC_OFF',
      'OVER_AUTOMATIC_LIMIT',
      'PROMOTION_IN_USE',
      'NEW_BANK_ACCOUNT',
      'MANY_WITHDRAWALS'
    )
  ),
  ADD COLUMN payout_review_by timestamptz;
