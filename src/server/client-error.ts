import type { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { toTRPCError } from './errors.js';

interface Issue {
  path?: readonly (PropertyKey | { key: PropertyKey })[];
  message: string;
}

function issuesOf(cause: unknown): Issue[] | null {
  if (typeof cause === 'object' && cause !== null && Array.isArray((cause as { issues?: unknown }).issues)) {
    return (cause as { issues: Issue[] }).issues;
  }
  return null;
}

function fieldOf(issue: Issue): string {
  return (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.');
}

// zod's own messages do not say which field they are about; ours do.
const GENERIC_MESSAGE = /^(Invalid (input|option|key|element|union|string|number|type|enum)|Too (big|small)|Unrecognized|Expected)/;

function readableIssue(issue: Issue): string {
  const field = fieldOf(issue);
  return field && GENERIC_MESSAGE.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
}

export interface ClientError {
  status: number;
  code: TRPCError['code'];
  message: string;
  fieldErrors?: Record<string, string>;
}

/** What a client is told about any error: a readable message, a status, and per-field messages for bad input. */
export function toClientError(error: unknown): ClientError {
  const trpcError = toTRPCError(error);
  const issues = issuesOf(trpcError.cause);
  const status = getHTTPStatusCodeFromError(trpcError);
  if (issues && issues.length > 0) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) fieldErrors[fieldOf(issue) || '_'] ??= issue.message;
    return { status, code: trpcError.code, message: readableIssue(issues[0]!), fieldErrors };
  }
  return { status, code: trpcError.code, message: trpcError.message };
}
