-- Issue 44: the audit log is MAC'd with AUDIT_SECRET, a key kept outside the database (domain/audit.ts,
-- docs/security.md#audit-log). The head carries the MAC of its row number and hash. The rows written before
-- (plain SHA-256) are sealed at the first start with a key: sealed_seq and sealed_hash name the head as it
-- stood then, sealed_mac is their MAC; every row after it is MAC'd. All null until that start.
ALTER TABLE audit_head
  ADD COLUMN mac text,
  ADD COLUMN sealed_seq bigint,
  ADD COLUMN sealed_hash text,
  ADD COLUMN sealed_mac text;

-- The sites running on this database, each noting what `npm run ops` needs to act as it would (server/src/
-- runningSites.ts): whether it runs in sandbox mode, the address of its own sandbox providers, and where its
-- sandbox audit key is. No secret is written here. A row whose heartbeat stopped (a killed site) is ignored.
CREATE TABLE running_sites (
  instance text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  url text NOT NULL,
  provider_url text NOT NULL,
  sandbox boolean NOT NULL,
  data_dir text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
