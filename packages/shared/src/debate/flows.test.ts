import { describe, expect, it } from 'vitest';
import { emptyFlow, flowToCsv } from './flows.js';

describe('flow sheets', () => {
  it('starts with one column per speech of the format', () => {
    expect(emptyFlow('ld')).toHaveLength(7);
    expect(emptyFlow('ld', 3)[0]).toEqual([
      { text: '', isExtension: false },
      { text: '', isExtension: false },
      { text: '', isExtension: false },
    ]);
  });

  it('exports as CSV headed by the speeches, quoting commas, quotes and line breaks, marking extensions', () => {
    const flow = emptyFlow('ld', 2);
    flow[0]![0] = { text: 'Value: justice, "fairness"', isExtension: false };
    flow[1]![0] = { text: 'Q: which justice?\nA: distributive', isExtension: false };
    flow[2]![0] = { text: 'Justice is fair', isExtension: true };
    const csv = flowToCsv('ld', 'a', flow);
    const [header, row, ...rest] = csv.split('\r\n');
    expect(header).toBe(
      '"Affirmative Constructive","Cross-Examination of the Affirmative","Negative Constructive","Cross-Examination of the Negative","First Affirmative Rebuttal","Negative Rebuttal","Second Affirmative Rebuttal"',
    );
    expect(row).toBe(
      '"Value: justice, ""fairness""","Q: which justice?\nA: distributive","→ Justice is fair","","","",""',
    );
    // Empty rows are left out; the file ends with a line break.
    expect(rest).toEqual(['']);
  });

  it('turns cells a spreadsheet would run as formulas into plain text', () => {
    const flow = emptyFlow('ld', 6);
    const texts = ['=HYPERLINK("http://evil.test","x")', '+1 they drop it', '-2+3', '@SUM(A1:A2)', '\t=1+1', 'a = b'];
    texts.forEach((text, r) => (flow[0]![r] = { text, isExtension: false }));
    const rest = ',"","","","","",""';
    expect(flowToCsv('ld', 'a', flow).split('\r\n').slice(1, -1)).toEqual([
      `"'=HYPERLINK(""http://evil.test"",""x"")"${rest}`,
      `"'+1 they drop it"${rest}`,
      `"'-2+3"${rest}`,
      `"'@SUM(A1:A2)"${rest}`,
      `"'\t=1+1"${rest}`,
      // Not at the start: left as typed.
      `"a = b"${rest}`,
    ]);
    // An extension starts with its arrow, never with a formula character.
    flow[1]![0] = { text: '=1+1', isExtension: true };
    expect(flowToCsv('ld', 'a', flow).split('\r\n')[1]).toContain('"→ =1+1"');
  });
});
