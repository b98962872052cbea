import { z } from 'zod';
import { auditResult, draftResult, retirePlayerInput, retireResult, salaryResult, updateSalaryInput } from '../../shared/schemas/admin.js';
import { route, type RestRoute } from './route.js';

const base = { tag: 'admin', auth: 'admin' as const };

export const adminRestRoutes: RestRoute[] = [
  route({ ...base, method: 'PATCH', path: '/players/{id}', summary: "Change a player's salary: orders cancelled, holdings rescaled", input: updateSalaryInput, output: salaryResult, call: (c, i) => c.admin.updateSalary(i) }),
  route({ ...base, method: 'POST', path: '/admin/retire-player', summary: 'Retire a player: holders paid $1.00 a share', input: retirePlayerInput, output: retireResult, call: (c, i) => c.admin.retirePlayer(i) }),
  route({ ...base, method: 'POST', path: '/admin/draft', summary: 'Simulate a two-round rookie draft', input: z.object({}), output: draftResult, call: (c) => c.admin.draft() }),
  route({ ...base, method: 'GET', path: '/admin/audit', summary: 'The latest admin actions', input: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }), output: auditResult, call: (c, i) => c.admin.audit(i) }),
];
