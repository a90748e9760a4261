import { prepareTestTemplate } from './testing';

/** vitest globalSetup of the node projects: migrates the test template database once per run. */
export default async function setup(): Promise<void> {
  await prepareTestTemplate();
}
