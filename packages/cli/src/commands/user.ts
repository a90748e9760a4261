import { createUser, newPassword } from '@hr/core/auth';
import { email } from '@hr/core/shared';
import { ROLE_KEYS } from '@hr/core/access';
import type { Command } from 'commander';
import { z } from 'zod';
import type { CliConfig } from '../config';
import { CliError } from '../errors';
import { type Io, withDatabase } from '../runtime';

const userAddInput = z.object({
  email,
  password: newPassword,
  role: z.enum(ROLE_KEYS, { error: () => `must be one of ${ROLE_KEYS.join(', ')}` }),
  employeeId: z.coerce
    .number({ error: 'must be a positive whole number' })
    .int('must be a positive whole number')
    .positive('must be a positive whole number')
    .max(2_147_483_647, 'is too large')
    .optional(),
});

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** `hr user …`: add a login. */
export function registerUserCommands(program: Command, cfg: CliConfig, io: Io): void {
  const user = program.command('user').description('Logins');

  user
    .command('add')
    .description('Create an active login with one role')
    .requiredOption('--email <email>', 'e-mail address (the login name)')
    .option('--password <password>', 'password, at least 8 characters')
    .option('--password-stdin', 'read the password from standard input instead (keeps it out of the shell history)')
    .requiredOption('--role <role>', `one of: ${ROLE_KEYS.join(', ')}`)
    .option('--employee-id <id>', 'link the login to this employee')
    .action(async (raw: { email: string; password?: string; passwordStdin?: boolean; role: string; employeeId?: string }) => {
      if (raw.passwordStdin && raw.password !== undefined) {
        throw new CliError('password: give either --password or --password-stdin, not both');
      }
      const password = raw.passwordStdin ? await readStdin() : raw.password;
      const input = userAddInput.parse({
        email: raw.email,
        password: password ?? '',
        role: raw.role,
        employeeId: raw.employeeId,
      });
      await withDatabase(cfg, async (_h, services) => {
        const created = await createUser(services.ctx(null, 'cli:user add'), {
          email: input.email,
          password: input.password,
          roles: [input.role],
          employeeId: input.employeeId ?? null,
          active: true,
          checkPasswordStrength: true,
        });
        io.out(
          `Created user #${created.id} ${input.email} with role ${input.role}` +
            (input.employeeId ? `, linked to employee #${input.employeeId}.` : '.'),
        );
      });
    });
}
