/**
 * Every action's failure reaches the person through `form-errors.ts`: no toast shows an error's
 * own text (`error.message`), which for anything but the server's answer is a developer's message ("Cannot read
 * properties of undefined…"). A toast takes `errorMessage(error)` or a form's `formErrors(error).form` (or, as the admin
 * dashboard does, an `ApiError`'s message with its own fallback).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('toasts of failed actions', () => {
  it('never show an error’s raw message', () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${path.relative(SRC, file)}:${index + 1}` }))
        .filter(({ line }) => /toast\.error\([^)]*\.message\b/.test(line) && !/err instanceof ApiError/.test(line))
        .map(({ at }) => at),
    );
    expect(offenders).toEqual([]);
  });
});
