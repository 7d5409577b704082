// The closing table of `npm test`: how long each gate took, so a slow one is seen at once (issue 19).

/**
 * @typedef {{ name: string, seconds: number, outcome: 'passed' | 'failed' | 'stopped', alongside?: string }} StepTime
 */

const marks = { passed: '✔', failed: '✖', stopped: '■' };

/**
 * One line per step that ran (in the order they ended), then the total wall time. Steps that ran
 * side by side say so, since their seconds overlap and do not add up to the total.
 * @param {StepTime[]} steps
 * @param {number} totalSeconds
 */
export function formatStepTimes(steps, totalSeconds) {
  const width = Math.max('total'.length, ...steps.map((step) => step.name.length));
  const seconds = (value) => `${value.toFixed(1)} s`.padStart(8);
  const lines = steps.map((step) => {
    const note = [step.outcome === 'passed' ? '' : step.outcome, step.alongside ? `alongside ${step.alongside}` : '']
      .filter(Boolean)
      .join(', ');
    return `${marks[step.outcome]} ${step.name.padEnd(width)} ${seconds(step.seconds)}${note ? `  (${note})` : ''}`.trimEnd();
  });
  return ['Step times', ...lines, `  ${'total'.padEnd(width)} ${seconds(totalSeconds)}`].join('\n');
}
