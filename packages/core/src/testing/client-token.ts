import { issueClientToken } from '../auth/service';
import type { Services } from '../services';

/** A machine token for an OAuth client (the client-credentials grant), as an agent asks for one. */
export function clientToken(services: Services, cred: { clientId: string; clientSecret: string }) {
  return issueClientToken(services.ctx(null), services.auth, {
    grant_type: 'client_credentials',
    client_id: cred.clientId,
    client_secret: cred.clientSecret,
  });
}
