import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './test/harness';

/** The web build's files as the server sends them: scripts with the .br and .gz the build writes beside them. */
describe('web build delivery', () => {
  const script = `export const greeting = ${JSON.stringify('Welcome to Resolved '.repeat(200))};\n`;
  let webDist: string;
  let t: TTestApp;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Resolved</title><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'assets/index-abc123.js'), script);
    // Levels other than the ones the server compresses with on the fly, so that the test sees which was sent.
    fs.writeFileSync(path.join(webDist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(webDist, 'assets/index-abc123.js.gz'), gzipSync(script, { level: 1 }));
    t = await createTestApp('sqlite', { WEB_DIST_DIR: webDist });
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('sends the brotli file the build wrote to a browser that accepts it, cached for good', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload).toEqual(fs.readFileSync(path.join(webDist, 'assets/index-abc123.js.br')));
  });

  it('sends the gzip file to a client without brotli, and the script itself to one without either', async () => {
    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload).toEqual(fs.readFileSync(path.join(webDist, 'assets/index-abc123.js.gz')));
    const plain = await get('/assets/index-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('still answers a page with the app, never cached', async () => {
    const response = await get('/welcome', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root"></div>');
  });
});
