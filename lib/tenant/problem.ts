/** One thing wrong with a tenant's files: which file, where in it (a JSON path) and what was expected. */
export interface TenantProblem {
  file: string;
  path: string;
  message: string;
}
