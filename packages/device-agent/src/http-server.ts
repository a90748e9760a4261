import type { Server } from 'node:http';

/** Closes an HTTP server now: its open (keep-alive) connections are cut rather than waited for. */
export async function closeHttpServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
