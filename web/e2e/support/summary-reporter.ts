// Prints one closing line, `e2e: N passed, N failed, N skipped`, after Playwright's list reporter.
import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private suite: Suite | undefined;

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const t of this.suite?.allTests() ?? []) {
      const outcome = t.outcome();
      if (outcome === 'expected' || outcome === 'flaky') passed++;
      else if (outcome === 'skipped') skipped++;
      else failed++;
    }
    const note = result.status === 'passed' || result.status === 'failed' ? '' : ` (run ${result.status})`;
    console.log(`\ne2e: ${passed} passed, ${failed} failed, ${skipped} skipped${note}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
