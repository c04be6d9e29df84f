// Ends the run with one plain line, 'N passed, N failed, N skipped', that any CI can read.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    process.stdout.write(`\n${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped\n`);
  }
}
module.exports = SummaryReporter;
