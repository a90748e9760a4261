/** Per-category tallies and the summary each category prints at the end. */
export class Tally {
  readonly procedures = new Set<string>();
  calls = 0;
  /** Milliseconds spent in HTTP calls (app.inject). */
  callMs = 0;
  /** Failed checks: a call with problems (unauthenticated, forbidden) or a falsified property (hostile input). */
  readonly failures: string[] = [];
  /** Extra facts printed under the summary line. */
  readonly notes: string[] = [];
  private started = 0;
  private ended = 0;

  constructor(readonly category: string) {}

  /** Marks a procedure as walked (the clock starts with the first). */
  begin(path: string): void {
    if (!this.started) this.started = Date.now();
    this.ended = Date.now();
    this.procedures.add(path);
  }

  /** One HTTP call made, taking `ms`. */
  called(ms: number): void {
    this.calls++;
    this.callMs += ms;
    this.ended = Date.now();
  }

  fail(what: string): void {
    this.failures.push(what);
    this.ended = Date.now();
  }

  /** The one summary line: `harness <category>: N procedures (…), N calls, N failures, N s`. */
  line(detail = ''): string {
    const secs = ((this.ended - this.started) / 1000).toFixed(1);
    return `harness ${this.category}: ${this.procedures.size} procedures${detail ? ` (${detail})` : ''}, ${this.calls} calls, ${this.failures.length} failures, ${secs} s`;
  }

  /** Writes the summary line, then notes and failures indented, to stdout (vitest shows it; CI logs keep it). */
  print(detail = ''): void {
    const lines = [this.line(detail), ...this.notes.map((n) => `  note: ${n}`), ...this.failures.map((f) => `  failed: ${f}`)];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
