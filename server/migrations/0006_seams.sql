-- Where features meet (docs/security.md, "Where features meet").

-- A make-up link's unpaid order is the link's own: one unpaid order per goods and role for the
-- player's own orders, and one per goods, role and link for each make-up link, so a make-up payer is
-- never handed the target's own order (nor the target another link's).
DROP INDEX orders_one_pending;
CREATE UNIQUE INDEX orders_one_pending ON orders(gp_id, role_id, product_id, (coalesce(replenish_id, ''))) WHERE status = -1;

-- Unpaid orders expire on the platform's clock (docs/api.md, "Unpaid orders expire"): when each
-- will, and when it did. A prepaid-card exchange, which the platform completes itself, never does.
ALTER TABLE orders ADD COLUMN expires_at timestamptz, ADD COLUMN expired_at timestamptz;
UPDATE orders SET expires_at = created_at + interval '30 minutes' WHERE status = -1 AND channel_id <> 'card';
CREATE INDEX orders_expiry ON orders(expires_at) WHERE status = -1;

-- Tracking events are kept for a retention period (docs/api.md, "Tracking"), swept by received_at.
CREATE INDEX tracking_events_received ON tracking_events(received_at);
