-- Who is working on a waiting withdrawal (docs/backoffice.md, "The queue"): a member who opens one holds it
-- for two minutes, renewed while it stays open, so another operator sees "taken by" instead of deciding the
-- same row at once. A hold is presence, not a lock: decisions stay guarded by the order's own transaction.
CREATE TABLE withdrawal_holds (
  order_code text PRIMARY KEY REFERENCES orders (code),
  staff_id uuid NOT NULL REFERENCES staff (id),
  since timestamptz NOT NULL,
  until timestamptz NOT NULL
);
