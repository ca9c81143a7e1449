-- Issue 44: staff enrol themselves through a one-time link (docs/backoffice.md): the owner who adds a member
-- never sees their password or authenticator secret. Until the member has enrolled (or after a reset) the
-- account has neither, and nobody can sign in as it.
ALTER TABLE staff
  ALTER COLUMN password_hash DROP NOT NULL,
  ALTER COLUMN totp_secret DROP NOT NULL,
  ADD COLUMN enrolled_at timestamptz;
-- Accounts made before links existed were enrolled at the terminal when they were made.
UPDATE staff SET enrolled_at = created_at;
ALTER TABLE staff
  ADD CONSTRAINT staff_enrolled_has_credentials
  CHECK (enrolled_at IS NULL OR (password_hash IS NOT NULL AND totp_secret IS NOT NULL));

-- Enrolment links: the link carries a random token, only its SHA-256 is kept. Good once, until it expires;
-- a newer link for the same member (a reset) voids the older ones. The secret the page showed last is kept
-- here until the member confirms it with a code: each opening of the page shows a fresh one, so a secret
-- seen by whoever opened the link before the member is replaced when the member opens it.
CREATE TABLE staff_enrolments (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  created_by text NOT NULL,
  shown_totp_secret text,
  used_at timestamptz
);
CREATE INDEX staff_enrolments_staff_idx ON staff_enrolments (staff_id);

-- Approvals by staff identity, whichever screen or command gave them: one member counts once per order.
ALTER TABLE withdrawal_approvals ADD COLUMN staff_id uuid REFERENCES staff (id);
UPDATE withdrawal_approvals wa SET staff_id = s.id FROM staff s WHERE wa.actor = 'staff:' || s.username;
CREATE UNIQUE INDEX withdrawal_approvals_staff_once ON withdrawal_approvals (order_code, staff_id);
