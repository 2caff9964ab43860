import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { z } from 'zod';
import { unsafeLinks } from '../site/markdown.ts';
import { CONSOLE_LOCAL_HOST, CONSOLE_SLUG } from './hosts.ts';
import { crossCheckTenant } from './cross-check.ts';
import type { TenantProblem } from './problem.ts';
import { slugPattern } from './primitives.ts';
import { customPageSchema, tenantFiles, type CustomPage, type Tenant, type TenantFileKey } from './tenant.ts';

export class TenantLoadError extends Error {
  readonly slug: string;
  readonly problems: TenantProblem[];

  constructor(slug: string, problems: TenantProblem[]) {
    super(`tenant "${slug}" is invalid:\n${problems.map((problem) => `  ${formatProblem(problem)}`).join('\n')}`);
    this.name = 'TenantLoadError';
    this.slug = slug;
    this.problems = problems;
  }
}

export function formatProblem({ file, path, message }: TenantProblem): string {
  return `${file}: ${path}: ${message}`;
}

export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) =>
      typeof key === 'number'
        ? `${out}[${key}]`
        : /^[A-Za-z_$][\w$]*$/.test(String(key))
          ? `${out}.${String(key)}`
          : `${out}[${JSON.stringify(String(key))}]`,
    '$',
  );
}

type Loaded<K extends TenantFileKey> = z.infer<(typeof tenantFiles)[K]['schema']>;

async function readJson(
  dir: string,
  file: string,
  tenantDir: string,
  problems: TenantProblem[],
): Promise<{ found: boolean; value?: unknown }> {
  const fullPath = join(tenantDir, file);
  let text: string;
  try {
    text = await readFile(fullPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { found: false };
    throw error;
  }
  try {
    return { found: true, value: JSON.parse(text) };
  } catch (error) {
    problems.push({ file: join(dir, file), path: '$', message: `not valid JSON (${(error as Error).message})` });
    return { found: true };
  }
}

async function loadFile<K extends TenantFileKey>(
  key: K,
  dir: string,
  tenantDir: string,
  required: boolean,
  problems: TenantProblem[],
): Promise<Loaded<K> | undefined> {
  const spec = tenantFiles[key];
  const { found, value } = await readJson(dir, spec.file, tenantDir, problems);
  if (!found) {
    if (required) problems.push({ file: join(dir, spec.file), path: '$', message: 'file is missing' });
    return spec.empty as Loaded<K> | undefined;
  }
  if (value === undefined) return undefined;
  const result = spec.schema.safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues)
      problems.push({ file: join(dir, spec.file), path: jsonPath(issue.path), message: issue.message });
    return undefined;
  }
  return result.data as Loaded<K>;
}

async function listMarkdown(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
      .map((entry) => join(entry.parentPath, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** `pages/about/index.md` is `/about`, `pages/menu/allergens.md` is `/menu/allergens`; the title is the first `# ` heading. */
async function loadPages(dir: string, tenantDir: string, problems: TenantProblem[]): Promise<CustomPage[]> {
  const pagesRoot = join(tenantDir, 'pages');
  const files = (await listMarkdown(pagesRoot)).sort();
  const pages: CustomPage[] = [];
  for (const file of files) {
    const relativeFile = relative(pagesRoot, file).split(sep).join('/');
    const path = relativeFile.replace(/\.md$/, '').replace(/(^|\/)index$/, '');
    const markdown = await readFile(file, 'utf8');
    const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? '';
    const result = customPageSchema.safeParse({ path, title, markdown });
    const displayFile = join(dir, 'pages', relativeFile);
    if (path === '') {
      problems.push({
        file: displayFile,
        path: '$',
        message: 'would replace the home page (the menu); give the page its own path',
      });
      continue;
    }
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push({
          file: displayFile,
          path: jsonPath(issue.path),
          message: issue.path[0] === 'title' ? 'expected a "# Title" heading' : issue.message,
        });
      }
      continue;
    }
    const links = unsafeLinkProblems(displayFile, '$', markdown);
    if (links.length > 0) {
      problems.push(...links);
      continue;
    }
    pages.push(result.data);
  }
  return pages;
}

function unsafeLinkProblems(file: string, path: string, markdown: string): TenantProblem[] {
  return unsafeLinks(markdown).map((href) => ({
    file,
    path,
    message: `link ${JSON.stringify(href)} not allowed: expected an http(s), mailto: or tel: URL or a relative link`,
  }));
}

/**
 * Reads and validates one tenant folder. Every problem in every file is collected before
 * failing, so an operator fixes a broken tenant in one pass.
 */
export async function loadTenant(tenantsRoot: string, slug: string): Promise<Tenant> {
  const dir = join('tenants', slug);
  const tenantDir = join(tenantsRoot, slug);
  const problems: TenantProblem[] = [];
  if (!slugPattern.test(slug)) {
    problems.push({ file: dir, path: '$', message: 'folder name must be lower-case letters, digits and dashes' });
    throw new TenantLoadError(slug, problems);
  }
  if (slug === CONSOLE_SLUG) {
    problems.push({
      file: dir,
      path: '$',
      message: `"${CONSOLE_SLUG}" is taken: ${CONSOLE_LOCAL_HOST} is the staff console; give the shop another folder name`,
    });
    throw new TenantLoadError(slug, problems);
  }
  const settings = await loadFile('settings', dir, tenantDir, true, problems);
  const active = settings?.active ?? true;
  const data: Partial<Record<TenantFileKey, unknown>> = { settings };
  const keys = (Object.keys(tenantFiles) as TenantFileKey[]).filter((key) => key !== 'settings');
  const required = (key: TenantFileKey) => tenantFiles[key].required && (active || key === 'config');
  const loaded = await Promise.all(keys.map((key) => loadFile(key, dir, tenantDir, required(key), problems)));
  keys.forEach((key, index) => {
    data[key] = loaded[index];
  });
  const pages = await loadPages(dir, tenantDir, problems);
  if (problems.length > 0) throw new TenantLoadError(slug, problems);

  const tenant = { ...data, slug, pages } as Tenant;
  const crossProblems = [
    ...crossCheckTenant(tenant, dir),
    ...tenant.customSections.flatMap((section, index) =>
      unsafeLinkProblems(join(dir, tenantFiles.customSections.file), `$[${index}].body`, section.body),
    ),
  ];
  if (crossProblems.length > 0) throw new TenantLoadError(slug, crossProblems);
  return tenant;
}

export async function listTenantSlugs(tenantsRoot: string): Promise<string[]> {
  const entries = await readdir(tenantsRoot, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

export interface LoadedTenants {
  tenants: Tenant[];
  failures: TenantLoadError[];
}

/** Loads the chosen tenants (all when `only` is empty); a broken tenant is reported, never fatal to the others. */
export async function loadTenants(tenantsRoot: string, only: readonly string[] = []): Promise<LoadedTenants> {
  const slugs = await listTenantSlugs(tenantsRoot);
  const unknown = only.filter((slug) => !slugs.includes(slug));
  const chosen = only.length > 0 ? slugs.filter((slug) => only.includes(slug)) : slugs;
  const results = await Promise.allSettled(chosen.map((slug) => loadTenant(tenantsRoot, slug)));
  const tenants: Tenant[] = [];
  const failures: TenantLoadError[] = unknown.map(
    (slug) => new TenantLoadError(slug, [{ file: join('tenants', slug), path: '$', message: 'no such tenant folder' }]),
  );
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') tenants.push(result.value);
    else if (result.reason instanceof TenantLoadError) failures.push(result.reason);
    else
      failures.push(
        new TenantLoadError(chosen[index] ?? '?', [
          { file: join('tenants', chosen[index] ?? '?'), path: '$', message: String(result.reason) },
        ]),
      );
  });
  const hostClashes = duplicateHostProblems(tenants);
  const clashing = new Set(hostClashes.map((error) => error.slug));
  return { tenants: tenants.filter((tenant) => !clashing.has(tenant.slug)), failures: [...failures, ...hostClashes] };
}

/** Two tenants claiming one host would make routing ambiguous: both fail. */
function duplicateHostProblems(tenants: Tenant[]): TenantLoadError[] {
  const owners = new Map<string, string[]>();
  for (const tenant of tenants)
    for (const host of tenant.settings.hosts) owners.set(host, [...(owners.get(host) ?? []), tenant.slug]);
  const errors: TenantLoadError[] = [];
  for (const [host, slugs] of owners) {
    if (slugs.length < 2) continue;
    for (const slug of slugs) {
      errors.push(
        new TenantLoadError(slug, [
          {
            file: join('tenants', slug, 'tenant.json'),
            path: '$.hosts',
            message: `host "${host}" is also claimed by ${slugs.filter((other) => other !== slug).join(', ')}`,
          },
        ]),
      );
    }
  }
  return errors;
}
