import { useState } from 'react';
import type { z } from 'zod';

/**
 * Field messages of a form checked against the API contract before sending: the first issue per
 * field, worded for customers by `messages` (the contract's own wording is for developers).
 */
export function useFormIssues<Field extends string>(messages: Record<Field, string>) {
  const [issues, setIssues] = useState<Partial<Record<Field, string>>>({});
  const check = <T>(schema: z.ZodType<T>, value: unknown): T | null => {
    const parsed = schema.safeParse(value);
    if (parsed.success) {
      setIssues({});
      return parsed.data;
    }
    const next: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (field in messages) next[field as Field] ??= messages[field as Field];
    }
    setIssues(next);
    return null;
  };
  return { issues, check };
}
