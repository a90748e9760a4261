import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import pino from 'pino';
import { Agent } from './agent/agent';
import { clearQuarantine, readQuarantine, requestRetry, summarizeQuarantine } from './agent/quarantine';
import { describeStatus, readStatus } from './agent/status';
import { ConfigError, DEFAULT_CONFIG_PATH, describeConfig, loadAgentConfig } from './config';
import { startSimulators } from './simulator/cli';
import { runPushSimulation } from './simulator/push/cli';

/** `--config <file>`: the configuration file the command reads (default DEFAULT_CONFIG_PATH). */
const configFileOption = () => new Option('--config <file>', 'configuration file').default(DEFAULT_CONFIG_PATH);

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

const int =
  (min: number, max: number) =>
  (v: string): number => {
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < min || n > max) throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
    return n;
  };

/** Resolves on the first SIGINT or SIGTERM. */
const untilSignal = () =>
  new Promise<string>((resolve) => {
    const on = (sig: string) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(sig);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });

/** `hr-agent`: pulls punches from fingerprint terminals and uploads them to the HR server. */
export function buildProgram(env: NodeJS.ProcessEnv = process.env): Command {
  const program = new Command('hr-agent')
    .description('On-premise agent that pulls punches from fingerprint terminals and uploads them to the HR server.')
    .version(version)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  const config = program.command('config').description('The agent configuration file');
  config
    .command('check')
    .description('Load and validate the configuration (HR_AGENT_* environment variables override the file, see docs/devices.md)')
    .addOption(configFileOption())
    .action((opts: { config: string }) => {
      for (const line of describeConfig(loadAgentConfig({ path: opts.config, env }))) process.stdout.write(`${line}\n`);
    });

  program
    .command('start')
    .description('Run the agent in the foreground: poll every terminal, upload to the server (JSON logs on stdout)')
    .addOption(configFileOption())
    .option('--log-level <level>', 'trace, debug, info, warn or error', env.HR_AGENT_LOG_LEVEL ?? 'info')
    .action(async (opts: { config: string; logLevel: string }) => {
      const loaded = loadAgentConfig({ path: opts.config, env });
      const logger = pino({ level: opts.logLevel, base: { agent: loaded.config.agent.name } });
      // zkteco-js prints to the console; keep stdout pure JSON lines.
      const lib = logger.child({ lib: 'zkteco-js' });
      console.log = (...a: unknown[]) => lib.debug(a.map(String).join(' '));
      console.error = (...a: unknown[]) => lib.debug(a.map(String).join(' '));
      const agent = new Agent({ config: loaded.config, logger });
      logger.info(
        { config: loaded.file, devices: loaded.config.devices.length, dataDir: agent.dataDir, outbox: agent.outbox.size },
        'agent started',
      );
      agent.start();
      const sig = await untilSignal();
      logger.info({ signal: sig }, 'stopping');
      await agent.stop();
      logger.info({ outbox: agent.outbox.size }, 'agent stopped');
    });

  program
    .command('status')
    .description("Show each terminal's last poll, clock skew, high-water mark and the outbox size (from the agent's files)")
    .addOption(configFileOption())
    .option('--json', 'print JSON')
    .action((opts: { config: string; json?: boolean }) => {
      const status = readStatus(loadAgentConfig({ path: opts.config, env }).config);
      process.stdout.write(opts.json ? `${JSON.stringify(status, null, 2)}\n` : `${describeStatus(status).join('\n')}\n`);
    });

  const quarantine = program
    .command('quarantine')
    .description('What the server would not take (rejected punches, refused batches) and records that cannot be punches');
  const dataDirOf = (file: string) => path.resolve(loadAgentConfig({ path: file, env }).config.agent.dataDir);
  quarantine
    .command('list')
    .description('List every quarantined entry: when, why, the terminal and the punch')
    .addOption(configFileOption())
    .option('--json', 'print JSON lines')
    .action((opts: { config: string; json?: boolean }) => {
      const entries = readQuarantine(dataDirOf(opts.config));
      for (const e of entries) {
        const p = e.punch;
        process.stdout.write(
          opts.json
            ? `${JSON.stringify(e)}\n`
            : `${e.at}  ${e.kind ?? (p ? 'refused' : 'invalid')}  ${p ? `${p.deviceSerial} PIN ${p.pin} ${p.localTime}` : e.key}  ${e.reason}\n`,
        );
      }
      if (!opts.json) process.stdout.write(`${summarizeQuarantine(entries).total} entr(ies)\n`);
    });
  quarantine
    .command('retry')
    .description(
      'Upload the quarantined punches again (after fixing the cause, e.g. the credential binding); works while the agent runs',
    )
    .addOption(configFileOption())
    .action((opts: { config: string }) => {
      const dir = dataDirOf(opts.config);
      const n = summarizeQuarantine(readQuarantine(dir)).retryable;
      requestRetry(dir);
      process.stdout.write(
        `${n} punch(es) will be uploaded again at the agent's next upload (now if it runs, else at its start)\n`,
      );
    });
  quarantine
    .command('clear')
    .description('Set every quarantined entry aside for good (moved to quarantine-cleared-<time>.jsonl, no longer counted)')
    .addOption(configFileOption())
    .action((opts: { config: string }) => {
      const { cleared, archive } = clearQuarantine(dataDirOf(opts.config));
      process.stdout.write(cleared ? `${cleared} entr(ies) cleared; kept in ${archive}\n` : 'The quarantine is empty\n');
    });

  program
    .command('simulate')
    .description(
      'Run simulated terminals in the foreground until stopped (Ctrl-C): a ZK terminal and optionally an EasyLink bridge',
    )
    .option('--port <port>', 'ZK TCP port (0 picks a free one)', int(0, 65_535), 4370)
    .option('--records <n>', 'attendance records on each terminal', int(0, 1_000_000), 1000)
    .option('--users <n>', 'users on each terminal', int(1, 3000), 50)
    .option('--seed <n>', 'seed of the generated data', int(0, 2 ** 31), 1)
    .option('--easylink-port <port>', 'also run an EasyLink (FService) HTTP twin on this port', int(0, 65_535))
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--comm-key <key>', 'require this comm key (CMD_AUTH)', int(0, 999_999))
    .option('--long-ids', 'user ids longer than 9 characters (EMP-000001001)')
    .option('--skew-seconds <s>', 'terminal clock offset in seconds', (v) => {
      const n = Number(v);
      if (!Number.isFinite(n)) throw new InvalidArgumentError('must be a number');
      return n;
    })
    .option('--punch-every <s>', 'make a punch every s seconds (live demo)', int(1, 86_400))
    .option(
      '--faults <json>',
      'ZK faults, e.g. \'{"coalesce":true}\' or \'{"dropAt":{"slice":1,"byte":5000,"times":1}}\'; with --push: drop-ok,duplicate,slow',
    )
    .option('--push <url>', 'be an ADMS push terminal: push the log to this server (/iclock), then exit')
    .option('--serial <sn>', 'the push terminal serial (registered with driver adms)')
    .option('--batch <n>', 'rows per ATTLOG push', int(1, 20_000))
    .action(async (opts) => {
      if (opts.push) {
        const stats = await runPushSimulation(opts);
        process.stdout.write(`${JSON.stringify(stats)}\n`);
        return;
      }
      const sims = await startSimulators(opts);
      for (const line of sims.lines) process.stdout.write(`${line}\n`);
      process.stdout.write('Press Ctrl-C to stop.\n');
      await untilSignal();
      await sims.stop();
      process.stdout.write('Simulators stopped.\n');
    });
  return program;
}

async function main(): Promise<number> {
  try {
    await buildProgram().parseAsync(process.argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError)
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' ? 0 : e.exitCode;
    if (e instanceof ConfigError) {
      process.stderr.write(`${[e.message, ...e.issues.map((i) => `  ${i}`)].join('\n')}\n`);
      return 1;
    }
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

process.exitCode = await main();
