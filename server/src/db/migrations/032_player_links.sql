-- Linked accounts (issue 48, docs/backoffice.md "Linked accounts and risk"): what ties players together, kept
-- as each is seen, so a withdrawal can ask in its own transaction whether its player shares a bank account,
-- a browser, a device fingerprint or a public address with another player.
-- kind: BANK_ACCOUNT (the account number, digits only), BANK_HOLDER (the holder's name as the abuse rules
-- compare it, core/holderNames.ts), DEVICE (the SHA-256 of a device cookie the browser carried or was given),
-- FINGERPRINT (the visitor id), ADDRESS (a public address the player signed in from).
CREATE TABLE player_links (
  kind text NOT NULL CHECK (kind IN ('BANK_ACCOUNT', 'BANK_HOLDER', 'DEVICE', 'FINGERPRINT', 'ADDRESS')),
  value text NOT NULL,
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  first_seen_at timestamptz NOT NULL DEFAULT app_now(),
  last_seen_at timestamptz NOT NULL DEFAULT app_now(),
  PRIMARY KEY (kind, value, player_id)
);
CREATE INDEX player_links_player ON player_links (player_id);

-- What the site knew before this migration: bank accounts, browsers given a device cookie, fingerprints.
INSERT INTO player_links (kind, value, player_id, first_seen_at, last_seen_at)
SELECT 'BANK_ACCOUNT', regexp_replace(account_number, '[^0-9]', '', 'g'), player_id, created_at, created_at
FROM bank_accounts ON CONFLICT DO NOTHING;
INSERT INTO player_links (kind, value, player_id, first_seen_at, last_seen_at)
SELECT 'BANK_HOLDER', lower(regexp_replace(trim(account_name), '\s+', ' ', 'g')), player_id, created_at, created_at
FROM bank_accounts ON CONFLICT DO NOTHING;
INSERT INTO player_links (kind, value, player_id, first_seen_at, last_seen_at)
SELECT 'DEVICE', token_hash, player_id, created_at, last_used_at FROM login_devices ON CONFLICT DO NOTHING;
INSERT INTO player_links (kind, value, player_id, first_seen_at, last_seen_at)
SELECT 'FINGERPRINT', fingerprint, id, created_at, created_at FROM players
WHERE fingerprint IS NOT NULL AND fingerprint <> '' ON CONFLICT DO NOTHING;
INSERT INTO player_links (kind, value, player_id, first_seen_at, last_seen_at)
SELECT 'FINGERPRINT', visitor_id, player_id, min(created_at), max(created_at) FROM fingerprints
WHERE player_id IS NOT NULL GROUP BY visitor_id, player_id ON CONFLICT DO NOTHING;

-- The rules a withdrawal met when it was asked for (risk.ts): staff see them in the queue. A withdrawal
-- that met one and no other reason waits for staff as RISK_REVIEW (the player is not told which rule).
ALTER TABLE orders ADD COLUMN payout_risk_tags text[] NOT NULL DEFAULT '{}';
ALTER TABLE orders DROP CONSTRAINT orders_payout_review_reason_check;
ALTER TABLE orders ADD CONSTRAINT orders_payout_review_reason_check CHECK (
  payout_review_reason IN (
    'AUTOMATIC_OFF',
    'OVER_AUTOMATIC_LIMIT',
    'PROMOTION_IN_USE',
    'NEW_BANK_ACCOUNT',
    'MANY_WITHDRAWALS',
    'RISK_REVIEW'
  )
);
