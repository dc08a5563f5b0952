import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/database';

/** The spot symbols the fleet trades, round-robin: every symbol the simulated market lists. */
export const FLEET_SYMBOLS = ['BTC/USDT', 'ETH/USDT', 'BNB/USDT', 'SOL/USDT', 'XRP/USDT', 'DOGE/USDT'];

/**
 * `count` members, each with a paper account (1,000,000 USDT on spot, so no order is refused for money),
 * an active rental and one running DCA bot: 20 USDT base and safety orders, market orders, no cooldown.
 * Deviations (0.30-1.00 %) and take profits (0.30-0.90 %), in steps of 0.01 %, are spread over the fleet so
 * a price move triggers the bots whose threshold it crosses, not all of a symbol's bots at once. Written set-based: one statement per table.
 */
export async function makeFleet(db: Db, count: number): Promise<void> {
  await sql`
    INSERT INTO members (username, password_hash, role, placement_depth)
    SELECT 'benchbot' || g, 'not-a-login', 'member', 0 FROM generate_series(1, ${count}::int) g`.execute(db);
  await sql`
    INSERT INTO paper_accounts (member_id) SELECT id FROM members WHERE username LIKE 'benchbot%'`.execute(
    db,
  );
  await sql`
    INSERT INTO paper_balances (member_id, wallet, asset, free)
    SELECT member_id, 'spot', 'USDT', 1000000 FROM paper_accounts`.execute(db);
  await sql`
    INSERT INTO bot_packages (name, price_minor, currency, duration_days, capital_limit_minor, exchanges, market_types)
    VALUES ('Bench package', 100000000, 'USDT', 30, 1000000000000, ARRAY['paper'], ARRAY['spot', 'perpetual'])`.execute(
    db,
  );
  await sql`
    INSERT INTO bot_rentals (member_id, package_id, currency, capital_limit_minor, mode, starts_at, ends_at, price_paid_minor)
    SELECT m.id, p.id, 'USDT', p.capital_limit_minor, 'own_key', now() - interval '1 day', now() + interval '30 days', p.price_minor
    FROM members m CROSS JOIN bot_packages p WHERE m.username LIKE 'benchbot%' AND p.name = 'Bench package'`.execute(
    db,
  );
  await sql`
    INSERT INTO bots (member_id, rental_id, exchange, market_type, symbol, direction, order_type, base_order,
      safety_order, safety_order_count, price_deviation, volume_scale, step_scale, take_profit,
      trailing_deviation, stop_loss, cooldown_seconds, leverage, margin_mode, capital_required, status)
    SELECT r.member_id, r.id, 'paper', 'spot', (${sql.val(FLEET_SYMBOLS)}::text[])[1 + r.id % ${FLEET_SYMBOLS.length}],
      'long', 'market', 20, 20, 5, 0.3 + (r.id % 71) * 0.01, 1, 1, 0.3 + (r.id % 61) * 0.01,
      NULL, NULL, 0, 1, 'isolated', 120, 'running'
    FROM bot_rentals r`.execute(db);
  await sql`ANALYZE`.execute(db);
}
