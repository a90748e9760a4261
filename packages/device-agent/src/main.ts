import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { ConfigError, DEFAULT_CONFIG_PATH, describeConfig, loadAgentConfig } from './config';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** `hr-agent`: only commands that work today (polling and upload come with the device issue). */
export function buildProgram(env: NodeJS.ProcessEnv = process.env): Command {
  const program = new Command('hr-agent')
    .description('On-premise agent that pulls punches from fingerprint terminals and uploads them to the HR server.')
    .version(version)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  const config = program.command('config').description('The agent configuration file');
  config
    .command('check')
    .description(
      'Load and validate the configuration (HR_AGENT_SERVER_URL, HR_AGENT_CLIENT_ID and HR_AGENT_CLIENT_SECRET override the file)',
    )
    .option('--config <file>', 'configuration file', DEFAULT_CONFIG_PATH)
    .action((opts: { config: string }) => {
      for (const line of describeConfig(loadAgentConfig({ path: opts.config, env }))) process.stdout.write(`${line}\n`);
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
