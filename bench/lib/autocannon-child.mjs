// Runs one autocannon measurement in its own process (so the load generator does not share the
// server's event loop) and prints the figures as one JSON line. Options: argv[2] as JSON.
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2] ?? '{}');
const r = await autocannon(opts);
process.stdout.write(
  `${JSON.stringify({
    rps: r.requests.average,
    total: r.requests.total,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  })}\n`,
);
