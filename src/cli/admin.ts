import { createAuditRepo } from '../db/repos/audit.js';
import { createUsersRepo } from '../db/repos/users.js';
import { fail, openGameDb } from './open.js';

const usage = 'Usage: npm run admin -- grant <username>   (or: revoke <username>)';

const [command, username] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !username) fail(usage);

const { db } = openGameDb(`npm run admin -- ${command} ${username}`);
const users = createUsersRepo(db);
const user = users.byUsername(username.trim());
if (!user) fail(`No user named ${username}`);
const isAdmin = command === 'grant';
db.$client.transaction(() => {
  users.setAdmin(user.id, isAdmin);
  createAuditRepo(db).record({
    actorId: null,
    actor: 'command line',
    action: isAdmin ? 'admin.grant' : 'admin.revoke',
    details: { userId: user.id, username: user.username },
    at: Date.now(),
  });
})();
db.$client.close();
console.log(isAdmin ? `${user.username} is now an admin.` : `${user.username} is no longer an admin.`);
