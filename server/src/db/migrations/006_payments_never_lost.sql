-- A bank payment for an order the player had cancelled, or that had expired, is credited all the same (the
-- money arrived); the order says so.
ALTER TABLE orders ADD COLUMN paid_after_close boolean NOT NULL DEFAULT false;

-- A payment that matches no order (unknown bill number, wrong amount, an order already paid) stays
-- UNMATCHED until the operator refunds it or applies it to an order (`npm run ops -- payments ...`).
ALTER TABLE payment_callbacks ADD COLUMN resolution text CHECK (resolution IN ('REFUNDED', 'APPLIED'));
ALTER TABLE payment_callbacks ADD COLUMN resolved_at timestamptz;
ALTER TABLE payment_callbacks ADD COLUMN resolved_order_code text;
CREATE INDEX payment_callbacks_unresolved_idx ON payment_callbacks (received_at)
  WHERE outcome = 'UNMATCHED' AND resolution IS NULL;

-- The reconciler also asks the gateway, now and then, about deposits closed without a payment (cancelled or
-- expired) in the last day: a QR paid after closing whose callback was lost is credited all the same.
ALTER TABLE orders ADD COLUMN gateway_checked_at timestamptz;
