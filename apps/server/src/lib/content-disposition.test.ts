import { describe, expect, it } from 'vitest';
import { attachmentHeader } from './content-disposition';

describe('attachmentHeader', () => {
  it('names the download with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentHeader('Café "cup"-entries.csv')).toBe(
      `attachment; filename="Caf_ _cup_-entries.csv"; filename*=UTF-8''Caf%C3%A9%20%22cup%22-entries.csv`,
    );
  });

  it('keeps a backslash and a line break out of the quoted name', () => {
    const header = attachmentHeader('a\\b\r\nc.pdf');
    expect(header).toBe(`attachment; filename="a_b__c.pdf"; filename*=UTF-8''a%5Cb%0D%0Ac.pdf`);
    expect(header).not.toMatch(/[\r\n]/);
  });
});
