import { z } from 'zod';

/** `builds/latest.json`: which build a deployment serves now; open pages poll it to notice a newer one. */
export const latestBuildSchema = z.object({
  id: z.string().min(1),
  timestamp: z.int().positive(),
});

/** `builds/meta/<id>.json`: the route manifest of one build. */
export const buildMetaSchema = latestBuildSchema.extend({
  retailerId: z.int(),
  routes: z.array(z.object({ path: z.string(), payload: z.string() })),
  notFound: z.string(),
});

export type LatestBuild = z.infer<typeof latestBuildSchema>;
export type BuildMeta = z.infer<typeof buildMetaSchema>;
