import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csv', () => {
  it('writes plain fields as they are and quotes what needs it, doubling quotes', () => {
    expect(csvField('Ada')).toBe('Ada');
    expect(csvField(28.5)).toBe('28.5');
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('yes');
    expect(csvField('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvField('She said "no"')).toBe('"She said ""no"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
  });

  it('keeps a spreadsheet from running a name as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    // A negative number is a number, not a formula.
    expect(csvField(-3)).toBe('-3');
  });

  it('joins records with CRLF after a header', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x,y'],
          [null, 'z'],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n,z\r\n');
  });
});
