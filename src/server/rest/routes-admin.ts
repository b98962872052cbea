import { route, type RestRoute } from './route.js';

const base = { tag: 'admin', auth: 'admin' as const };

export const adminRestRoutes: RestRoute[] = [
  route('admin.updateSalary', { ...base, method: 'PATCH', path: '/players/{id}', summary: "Change a player's salary: orders cancelled, holdings rescaled" }),
  route('admin.retirePlayer', { ...base, method: 'POST', path: '/admin/retire-player', summary: 'Retire a player: holders paid $1.00 a share' }),
  route('admin.draft', {
    ...base,
    method: 'POST',
    path: '/admin/draft',
    summary: "Simulate a two-round rookie draft (refused while the last draft's rookie week runs)",
  }),
  route('admin.draftStatus', { ...base, method: 'GET', path: '/admin/draft', summary: 'When the last draft ran and from when the next may' }),
  route('admin.preview', {
    ...base,
    method: 'GET',
    path: '/admin/players/{playerId}/preview',
    summary: 'What a salary change (?newSalary=) or a retirement would do in every league',
  }),
  route('admin.audit', { ...base, method: 'GET', path: '/admin/audit', summary: 'The latest admin actions' }),
];
