-- Issue 13: promotions that explain themselves.

-- A promotion's title and description per language. promotions.title/description stay as the last
-- fallback (a promotion with no text at all); a missing language falls back to Lao first.
CREATE TABLE promotion_texts (
  promotion_id text NOT NULL REFERENCES promotions (id),
  lang text NOT NULL CHECK (lang IN ('lo', 'th', 'cn', 'vn')),
  title text NOT NULL CHECK (title <> ''),
  description text NOT NULL,
  PRIMARY KEY (promotion_id, lang)
);

-- Artwork (a same-origin address) and the end: past ends_at a promotion reads INACTIVE and cannot be claimed.
ALTER TABLE promotions ADD COLUMN image_url text, ADD COLUMN ends_at timestamptz;

-- Turnover counts the stakes placed at the usage's provider since the claim: the provider's betsTotal
-- at claim time. Usages in force at this upgrade have no recorded start and count from 0 (all their bets
-- at that provider), which can only favour the player, once.
ALTER TABLE promotion_usages ADD COLUMN bets_baseline bigint NOT NULL DEFAULT 0;

-- The latest betsTotal a provider reported for the wallet, recorded whenever its wallet is read (before
-- any transaction), so rules inside a transaction can use it without calling the provider.
ALTER TABLE provider_game_results ADD COLUMN bets_seen bigint NOT NULL DEFAULT 0;
