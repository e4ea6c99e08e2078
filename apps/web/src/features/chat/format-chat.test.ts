import { describe, expect, it } from 'vitest';
import { splitLinks } from './format-chat';

describe('splitLinks', () => {
  it('turns http(s) links into link parts and keeps the rest as text', () => {
    expect(splitLinks('see https://example.com/a?b=1, then http://x.org.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', then ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never makes a link of other schemes or markup', () => {
    expect(splitLinks('javascript:alert(1) <img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <img src=x onerror=alert(1)>' },
    ]);
  });
});
