-- Shops saved before their point was geocoded from the address (docs/decisions/delivery.md "The shop's
-- point") have none, and intake now refuses the deliveries their distance limit must judge until they do.
-- Each of them gets one geocoding job (the handler in features/shops/shop-profile/shop-point.ts writes the
-- point only while the shop still has this address); the key makes a second run add nothing.
insert into outbox_jobs (kind, payload, dedupe_key, account_id, run_at, max_attempts)
select 'shop.geocode', jsonb_build_object('accountId', b.id, 'address', b.address), 'backfill-0055:' || b.id,
       b.id, now(), 10
from businesses b
where (b.lat is null or b.lng is null) and btrim(b.address) <> ''
on conflict (kind, dedupe_key) where dedupe_key is not null do nothing;
