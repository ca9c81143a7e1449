-- Issue 13: automatic withdrawals and payout stages. A withdrawal's payout is now a row of the outbox
-- (provider_outbox, kind PAYOUT, reference = the order code), delivered after commit like a provider
-- transfer, so no transaction is held across the payout bank's call.

-- Paid without an operator (decided once, when the withdrawal is created).
ALTER TABLE orders ADD COLUMN payout_automatic boolean NOT NULL DEFAULT false;
-- Set when the payout left for the bank (stage PROCESSING); the order's status says the rest.
ALTER TABLE orders ADD COLUMN payout_started_at timestamptz;

-- How many times the sandbox payout bank was asked to pay an order: the tests prove it is once.
ALTER TABLE sandbox_payouts ADD COLUMN requests integer NOT NULL DEFAULT 1;
