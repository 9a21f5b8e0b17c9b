-- Rate-limit counts shared by every server process on this database (ARCHITECTURE: "stateless
-- servers behind a load balancer … rate-limit state in the database"), written by
-- server/src/http/rate-limit-store.ts. One row per limiter (`form`, `ask`, `read`, …) and
-- client key (the client's address, an IPv6 /56 prefix): its current window began at
-- `window_start` (the client's first request of the window, as express-rate-limit's memory store
-- counts) and holds `hits` requests. One atomic `INSERT … ON CONFLICT … DO UPDATE … RETURNING`
-- counts a request or, once the window has ended, starts a new one, so concurrent processes
-- never lose a hit. Rows of ended windows are deleted in small batches (window_start index).
-- UNLOGGED: counts are not worth WAL traffic; a crash empties the table, which only forgives
-- the current minute.
CREATE UNLOGGED TABLE rate_limits (
  limiter text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0),
  PRIMARY KEY (limiter, key)
);

CREATE INDEX rate_limits_window_start ON rate_limits (window_start);
