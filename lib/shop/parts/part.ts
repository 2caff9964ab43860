import type { z } from 'zod';
import type { Tenant, TenantFileKey } from '../../tenant/index.ts';
import type { ShopMenuGroup } from '../menu-groups.ts';

/**
 * One editable part of the shop beyond dish prices (trading hours, closed dates, delivery fees,
 * theme colours, popups, specials): the value the console edits, the tenant file it lives in, and
 * how a change reads in words. The API keeps a draft value per part, checks it by writing it into
 * the file and running the build's own schemas and cross-checks, and Publish writes the file; Undo
 * publish writes the published value from before back the same way.
 */
export interface ShopPart<V> {
  /** Section title in the console and in "what publishing changes". */
  title: string;
  /** The tenant data file the value lives in. */
  file: TenantFileKey;
  /** The value as the console sends it and the draft keeps it: bounded in counts and lengths. */
  schema: z.ZodType<V>;
  /** The value as published, read from the loaded tenant. */
  published(tenant: Tenant): V;
  /** What changing `from` to `to` does, one short line per change in words; empty when nothing changes. */
  describe(from: V, to: V): string[];
  /**
   * The file's raw JSON (as on disk; undefined when the optional file is absent) with this value
   * set and everything the editor does not touch kept exactly as it was (unknown keys, order).
   * Undefined when the raw file is not the shape the schemas expect.
   */
  write(raw: unknown, value: V): unknown;
}

/**
 * What an editor of one part gets: the draft value, the published one to compare with, and a
 * setter. An editor whose fields hold text that is not yet a value (a fee of "6.5x") keeps that
 * text itself, shows why beside the field, and passes the reasons as `problems`: while any are
 * open the console saves and publishes nothing.
 */
export interface PartEditorProps<V> {
  value: V;
  published: V;
  onChange: (next: V, problems?: readonly string[]) => void;
  disabled: boolean;
  /** The published menu's groups, for a part that names some of them (the Shop view always gives them). */
  menuGroups?: readonly ShopMenuGroup[] | undefined;
}
