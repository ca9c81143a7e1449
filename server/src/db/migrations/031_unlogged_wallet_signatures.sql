-- The seamless wallet's replay guard keeps each signature for the 10 minutes its timestamp can be accepted
-- (walletAuth.ts). Unlogged: every wallet call writes one, and without the write-ahead log that write costs
-- no flush to disk. A crash empties the table; a call replayed after it is decided again by its transaction
-- id (answered as its first delivery was, moving nothing twice), so nothing of value is lost with it.
ALTER TABLE wallet_signatures_seen SET UNLOGGED;
