import { format } from 'node:util';

/**
 * No console output from a passing test (docs/architecture.md, "Conventions"): a warning printed in a green run
 * hides the one that matters the day something breaks. Every test of both Jest projects runs under this
 * guard: what it writes with console.error or console.warn fails it, unless the test said it expects that
 * output (expectConsole) and then asserted what it got. Output outside any test (a file's set-up or
 * tear-down) fails the file.
 */

type Level = 'error' | 'warn';
const LEVELS: readonly Level[] = ['error', 'warn'];

interface Expected {
  level: Level;
  pattern: RegExp;
  seen: string[];
}

const original: Record<Level, (...args: unknown[]) => void> = {
  error: console.error.bind(console),
  warn: console.warn.bind(console),
};
let expected: Expected[] = [];
let unexpected: string[] = [];

function capture(level: Level) {
  return (...args: unknown[]) => {
    const text = format(...args);
    const wanted = expected.find((e) => e.level === level && e.pattern.test(text));
    if (wanted) wanted.seen.push(text);
    else {
      unexpected.push(`console.${level}: ${text}`);
      // Shown as well, where it was written: the failure names it, the log shows its place among the rest.
      original[level](...args);
    }
  };
}

function takeUnexpected(): string[] {
  const taken = unexpected;
  unexpected = [];
  return taken;
}

function failOn(lines: string[], when: string): void {
  if (lines.length === 0) return;
  throw new Error(
    `Unexpected console output ${when} (a test that expects it calls expectConsole and asserts it):\n` +
      lines.map((l) => `  ${l.split('\n').slice(0, 6).join('\n    ')}`).join('\n'),
  );
}

/**
 * The current test expects console output of this level matching `pattern`: it is not shown and does not
 * fail the test. Returns what was written, for the test to assert on.
 */
export function expectConsole(level: Level, pattern: RegExp): () => readonly string[] {
  const entry: Expected = { level, pattern, seen: [] };
  expected.push(entry);
  return () => entry.seen;
}

/** Installs the guard around every test of the file (a setupFilesAfterEnv module of each project). */
export function installConsoleGuard(): void {
  for (const level of LEVELS) console[level] = capture(level);
  beforeAll(() => failOn(takeUnexpected(), 'while the file loaded'));
  beforeEach(() => {
    expected = [];
    failOn(takeUnexpected(), 'before this test, in a hook');
  });
  afterEach(() => {
    expected = [];
    failOn(takeUnexpected(), 'in this test');
  });
  afterAll(() => failOn(takeUnexpected(), "in the file's tear-down"));
}
