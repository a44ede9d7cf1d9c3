-- Money as integer minor units next to an ISO 4217 currency (DESIGN.md decision 7). Every amount
-- column numeric(14,2) becomes bigint minor units with the currency's own exponent: yen and won
-- have none, dinars three. Nothing is rounded: a stored amount that does not convert exactly stops
-- the migration (and its transaction) with the rows named.

-- The ISO 4217 minor unit of a currency (schema/currencies.json; tests/platform/money.test.ts keeps
-- this list equal to it). Every other code has 2.
CREATE FUNCTION pg_temp.minor_digits(code text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN code IN ('BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','VND','VUV','XAF','XOF','XPF') THEN 0
    WHEN code IN ('BHD','IQD','JOD','KWD','LYD','OMR','TND') THEN 3
    ELSE 2 END
$$;

-- Names players use for a currency that ISO 4217 spells otherwise (core/node/money/currencies.ts).
UPDATE orders SET currency = 'CNY' WHERE currency = 'RMB';
UPDATE prepaid_cards SET currency = 'CNY' WHERE currency = 'RMB';

DO $$
DECLARE
  bad text;
BEGIN
  SELECT string_agg(billing_no, ', ') INTO bad FROM (
    SELECT billing_no FROM orders
     WHERE amount * power(10::numeric, pg_temp.minor_digits(currency)) <> trunc(amount * power(10::numeric, pg_temp.minor_digits(currency)))
        OR original_amount * power(10::numeric, pg_temp.minor_digits(currency)) <> trunc(original_amount * power(10::numeric, pg_temp.minor_digits(currency)))
     LIMIT 20) b;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'orders with amounts finer than their currency''s minor unit, not converted: %', bad;
  END IF;
  SELECT string_agg(card_no, ', ') INTO bad FROM (
    SELECT card_no FROM prepaid_cards
     WHERE price * power(10::numeric, pg_temp.minor_digits(currency)) <> trunc(price * power(10::numeric, pg_temp.minor_digits(currency)))
     LIMIT 20) c;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'prepaid cards with prices finer than their currency''s minor unit, not converted: %', bad;
  END IF;
END $$;

ALTER TABLE orders ADD COLUMN amount_minor bigint, ADD COLUMN original_amount_minor bigint;
UPDATE orders SET amount_minor = (amount * power(10::numeric, pg_temp.minor_digits(currency)))::bigint,
                  original_amount_minor = (original_amount * power(10::numeric, pg_temp.minor_digits(currency)))::bigint;
ALTER TABLE orders ALTER COLUMN amount_minor SET NOT NULL, ALTER COLUMN original_amount_minor SET NOT NULL,
  ADD CONSTRAINT orders_amounts CHECK (amount_minor >= 0 AND original_amount_minor >= amount_minor),
  ADD CONSTRAINT orders_currency CHECK (currency ~ '^[A-Z]{3}$'),
  DROP COLUMN amount, DROP COLUMN original_amount;

ALTER TABLE prepaid_cards ADD COLUMN price_minor bigint;
UPDATE prepaid_cards SET price_minor = (price * power(10::numeric, pg_temp.minor_digits(currency)))::bigint;
ALTER TABLE prepaid_cards ALTER COLUMN price_minor SET NOT NULL,
  ADD CONSTRAINT prepaid_cards_price CHECK (price_minor >= 0),
  ADD CONSTRAINT prepaid_cards_currency CHECK (currency ~ '^[A-Z]{3}$'),
  DROP COLUMN price;

-- A coupon's minimum spend, in US cents (the catalogue's base currency), compared exactly.
ALTER TABLE coupons ADD COLUMN min_spend_minor bigint, ADD COLUMN min_spend_currency text NOT NULL DEFAULT 'USD';
UPDATE coupons SET min_spend_minor = (min_amount_usd * 100)::bigint;
ALTER TABLE coupons ALTER COLUMN min_spend_minor SET NOT NULL, ALTER COLUMN min_spend_minor SET DEFAULT 0,
  ADD CONSTRAINT coupons_min_spend CHECK (min_spend_minor >= 0),
  DROP COLUMN min_amount_usd;

-- What a notification claimed was paid, and why it was refused when it does not match the order.
ALTER TABLE payment_notifications ADD COLUMN amount_minor bigint, ADD COLUMN currency text, ADD COLUMN refused text;

DROP FUNCTION pg_temp.minor_digits(text);
