import type { APIRoute, GetStaticPaths } from 'astro';
import { routePayload } from '../../../../../lib/site/payload.ts';
import { PAYLOAD_FILE, tenantRoutes, type TenantRoute } from '../../../../../lib/site/routes.ts';
import { tenantsToBuild } from '../../../../../lib/tenant/selected.ts';
import type { Tenant } from '../../../../../lib/tenant/tenant.ts';

/**
 * `_payload.json` beside every prerendered route: the same data its HTML was rendered from. The file
 * name is a parameter because Astro does not route files whose names start with an underscore.
 */
export const getStaticPaths = (async () =>
  (await tenantsToBuild()).flatMap((tenant) =>
    tenantRoutes(tenant).map((route) => ({
      params: {
        tenant: tenant.slug,
        route: route.path === '/' ? undefined : route.path.slice(1),
        payload: PAYLOAD_FILE,
      },
      props: { tenant, route },
    })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { tenant, route } = props as { tenant: Tenant; route: TenantRoute };
  return new Response(JSON.stringify(routePayload(tenant, route)), { headers: { 'Content-Type': 'application/json' } });
};
