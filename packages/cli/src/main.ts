import { run } from './program';

// Exit explicitly: an embedded database or pool must not keep a finished command alive.
process.exit(await run(process.argv.slice(2)));
