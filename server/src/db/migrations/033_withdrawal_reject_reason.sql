-- Why staff rejected a withdrawal (issue 48): one of a catalogue, so the player reads it in their language.
-- Withdrawals rejected before this migration carry none.
ALTER TABLE orders ADD COLUMN reject_reason text CHECK (
  reject_reason IN (
    'BANK_DETAILS_WRONG',
    'NAME_MISMATCH',
    'LINKED_ACCOUNTS',
    'PROMOTION_TERMS',
    'PLAYER_REQUEST',
    'OTHER'
  )
);
