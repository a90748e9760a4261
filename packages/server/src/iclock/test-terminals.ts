import type { Grant } from '@hr/core/access';
import { createDevice } from '@hr/core/devices';
import type { Ctx } from '@hr/core/shared';

/**
 * Registers each serial as an ADMS push terminal (named after its serial, no office), as the iclock tests that
 * drive simulated terminals need them; answers the devices' ids in the serials' order.
 */
export async function registerPushTerminals(
  ctx: Ctx,
  dev: Grant<'developer.access'>,
  serials: readonly string[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const serial of serials) {
    const d = await createDevice(ctx, dev, {
      name: serial,
      driver: 'adms',
      address: '127.0.0.1',
      port: 8081,
      serial,
      companyOfficeId: null,
    });
    ids.push(d.id);
  }
  return ids;
}
