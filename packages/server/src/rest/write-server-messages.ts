/**
 * Writes packages/web/src/lib/server-messages.generated.ts from the router:
 * `pnpm gen:server-messages` (node --import tsx packages/server/src/rest/write-server-messages.ts).
 */
import { writeFileSync } from 'node:fs';
import { appRouter } from '../routers/index';
import { SERVER_MESSAGES_FILE, serverMessagesModule } from './server-messages';

writeFileSync(SERVER_MESSAGES_FILE, serverMessagesModule(appRouter));
console.log(`Wrote ${SERVER_MESSAGES_FILE}`);
