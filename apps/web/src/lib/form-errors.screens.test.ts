/**
 * A failure reaches the person through `errorMessage` (or a form's `formErrors`), in a toast and on a screen alike:
 * never an error's own text, which for anything but the server's answer is a developer's message. The files left out
 * read an error's message for something else than showing it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const NOT_SHOWN = new Set([
  // The home of the rule: it reads the server's message.
  'lib/form-errors.ts',
  // Compares the handshake's refusal (`client_too_old`) rather than showing it.
  'lib/socket.ts',
  // The popup's failure goes to the console, never to the screen.
  'features/auth/google-popup.ts',
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('failures shown to the person', () => {
  it('never show an error’s own message, in a toast or on a screen', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !NOT_SHOWN.has(path.relative(SRC, file).split(path.sep).join('/')))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${path.relative(SRC, file)}:${index + 1}` }))
          .filter(({ line }) => /(\berr|\berror|\be|Error\))\.message\b/.test(line))
          .map(({ at }) => at),
      );
    expect(offenders).toEqual([]);
  });
});
