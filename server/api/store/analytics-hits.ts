import type { Kysely } from 'kysely';
import {
  ANALYTICS_RING_SIZE,
  type AnalyticsHit,
  type AnalyticsHitParams,
  type AnalyticsSummary,
} from '../services/analytics-hits.ts';
import type { Database } from './schema.ts';

/** What the local Matomo-compatible sink has received, in the API's database so every API process shows the operator all of it. */
export interface AnalyticsHitStore {
  record(params: AnalyticsHitParams, at: Date): Promise<AnalyticsHit>;
  summary(): Promise<AnalyticsSummary>;
}

/**
 * The latest `capacity` hits and a count per site id. Both stay bounded only because the caller
 * takes a hit for a site id it has checked against its tenants: a flood cannot add rows beyond the
 * ring or counters beyond the sites served.
 */
export function createAnalyticsHitStore(db: Kysely<Database>, capacity = ANALYTICS_RING_SIZE): AnalyticsHitStore {
  return {
    async record(params, at) {
      const hit: AnalyticsHit = {
        at: at.toISOString(),
        siteId: params.idsite,
        kind: params.link === undefined ? 'page-view' : 'link',
        url: params.url,
        title: params.action_name ?? null,
        link: params.link ?? null,
        visitorId: params._id ?? null,
      };
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('analytics_hits')
          .values({
            at: hit.at,
            site_id: hit.siteId,
            kind: hit.kind,
            url: hit.url,
            title: hit.title,
            link: hit.link,
            visitor_id: hit.visitorId,
          })
          .execute();
        // Before the delete: the counter's row lock makes two processes' deletes take turns.
        await trx
          .insertInto('analytics_site_counts')
          .values({ site_id: hit.siteId, hits: 1 })
          .onConflict((conflict) =>
            conflict
              .column('site_id')
              .doUpdateSet((eb) => ({ hits: eb('analytics_site_counts.hits', '+', eb.lit(1)) })),
          )
          .execute();
        const oldestKept = await trx
          .selectFrom('analytics_hits')
          .select('hit_id')
          .orderBy('hit_id', 'desc')
          .limit(1)
          .offset(capacity - 1)
          .executeTakeFirst();
        if (oldestKept) await trx.deleteFrom('analytics_hits').where('hit_id', '<', oldestKept.hit_id).execute();
      });
      return hit;
    },
    async summary() {
      const [rows, counts] = await Promise.all([
        db.selectFrom('analytics_hits').selectAll().orderBy('hit_id', 'desc').limit(capacity).execute(),
        db.selectFrom('analytics_site_counts').selectAll().orderBy('site_id').execute(),
      ]);
      return {
        perSite: Object.fromEntries(counts.map((count) => [String(count.site_id), count.hits])),
        recent: rows.map((row) => ({
          at: row.at,
          siteId: row.site_id,
          kind: row.kind,
          url: row.url,
          title: row.title,
          link: row.link,
          visitorId: row.visitor_id,
        })),
      };
    },
  };
}
