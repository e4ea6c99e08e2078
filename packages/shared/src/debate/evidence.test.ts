import { describe, expect, it } from 'vitest';
import { cleanEvidenceName, EVIDENCE_CONTENT_TYPES, sniffEvidenceType } from './evidence.js';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (s: string) => new TextEncoder().encode(s);

describe('evidence files', () => {
  it('knows a file by its bytes, not its name', () => {
    expect(sniffEvidenceType(text('%PDF-1.7\n...'), 'case.txt')).toBe(EVIDENCE_CONTENT_TYPES.pdf);
    expect(sniffEvidenceType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'x.pdf')).toBe('image/png');
    expect(sniffEvidenceType(bytes(0xff, 0xd8, 0xff, 0xe0), 'photo')).toBe('image/jpeg');
    expect(sniffEvidenceType(bytes(0x50, 0x4b, 0x03, 0x04, 0), 'brief.docx')).toBe(EVIDENCE_CONTENT_TYPES.docx);
    // A zip that does not say it is a Word document is not accepted.
    expect(sniffEvidenceType(bytes(0x50, 0x4b, 0x03, 0x04, 0), 'tools.zip')).toBeNull();
    expect(sniffEvidenceType(text('Card: Smith 2024, p. 3 — “…”'), 'card.txt')).toBe(EVIDENCE_CONTENT_TYPES.txt);
  });

  it('refuses markup, scripts, executables and binary text files', () => {
    expect(sniffEvidenceType(text('<!DOCTYPE html><script>alert(1)</script>'), 'evil.txt')).toBeNull();
    expect(sniffEvidenceType(text('<html><body>x'), 'evil.pdf')).toBeNull();
    expect(sniffEvidenceType(bytes(0x4d, 0x5a, 0x90, 0x00), 'setup.pdf')).toBeNull();
    expect(sniffEvidenceType(bytes(0x00, 0x01, 0x02), 'data.txt')).toBeNull();
    expect(sniffEvidenceType(text('plain words'), 'notes.html')).toBeNull();
  });

  it('cleans any path and odd characters out of a name', () => {
    expect(cleanEvidenceName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(cleanEvidenceName('C:\\Users\\ann\\brief.docx')).toBe('brief.docx');
    expect(cleanEvidenceName('..hidden\u0000.pdf')).toBe('hidden.pdf');
    expect(cleanEvidenceName('/')).toBe('evidence');
    expect(cleanEvidenceName(`${'a'.repeat(300)}.pdf`)).toHaveLength(120);
  });
});
