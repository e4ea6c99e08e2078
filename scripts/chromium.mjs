// Finds a Chromium for the browser tests: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own.
// Where none is found it installs Debian's when it can (root with apt-get), otherwise says how in one line.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

async function playwrightChromium() {
  try {
    const { chromium } = await import('@playwright/test');
    const p = chromium.executablePath();
    return p && fs.existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

export async function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    await playwrightChromium(),
  ];
  return candidates.find((p) => p && fs.existsSync(p));
}

export async function ensureChromium() {
  const found = await findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("No Chromium found: installing Debian's chromium package…");
    execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], {
      stdio: 'inherit',
    });
    const installed = await findChromium();
    if (installed) return installed;
  }
  console.error(
    'No Chromium found: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to its executable.',
  );
  process.exit(1);
}
